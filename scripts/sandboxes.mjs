/**
 * The sandboxes process (apps/sandboxes: the stand-ins of the payment gateway and the game provider,
 * docs/decisions/036-sandboxes-process.md) as `npm start` and `npm run dev` start it beside the site,
 * outside production only.
 */
import { spawn } from 'node:child_process';

/** SANDBOXES_PORT, or the sandboxes' default. */
export const sandboxesPort = () => process.env.SANDBOXES_PORT || '8090';

/**
 * What the site is told of the stand-ins when nothing else is configured: the gateway's payment page and
 * the provider's address on the sandboxes' port (the site's own defaults name port 8090).
 */
export function gatewayEnv() {
  const base = `http://127.0.0.1:${sandboxesPort()}`;
  return {
    ...(!process.env.PAYMENT_GATEWAY_URL && { PAYMENT_GATEWAY_URL: `${base}/gateway/pay` }),
    ...(!process.env.SANDBOX_PROVIDER_URL && { SANDBOX_PROVIDER_URL: base }),
  };
}

/** The sandboxes process, calling the site at its port on the loopback unless SANDBOXES_SITE_URL says. */
export function sandboxesChild(root, sitePort) {
  return {
    name: 'sandboxes',
    process: spawn(process.execPath, ['--import', 'tsx', 'apps/sandboxes/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        SANDBOXES_PORT: sandboxesPort(),
        SANDBOXES_SITE_URL: process.env.SANDBOXES_SITE_URL || `http://127.0.0.1:${sitePort}`,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  };
}
