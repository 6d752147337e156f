import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { GameProvidersAdmin } from './service.ts';

/** The failures of a call naming a provider by its code. */
const UNKNOWN_PROVIDER = [...GUARD_FAILURES, 'GAME_PROVIDER_UNKNOWN'] as const;

/** The refusals of what a provider is added or edited with. */
const PROVIDER_INPUT_FAILURES = [
  'GAME_PROVIDER_ENDPOINT_INVALID',
  'GAME_PROVIDER_ADDRESS_INVALID',
  'GAME_PROVIDER_ENDPOINT_REQUIRED',
  'GAME_PROVIDER_SETTINGS_INVALID',
  'GAME_PROVIDER_KEY_INVALID',
  'GAME_PROVIDER_REPORT_URL_INVALID',
] as const;

/** How the protocol's settings and the report address are checked (docs/decisions/072-providers-in-the-back-office.md). */
const PROTOCOL_DESCRIPTION =
  'protocol native (default), hub88 or pragmatic; hub88 and pragmatic need an API address (400 ' +
  'GAME_PROVIDER_ENDPOINT_REQUIRED). settings, write-only (never answered: the list says whether they are ' +
  'set, and for Hub88 the operator id and both public keys by fingerprint), sealed at rest: Hub88 operatorId ' +
  '(a whole number above 0), hub88PublicKey and operatorPrivateKey (PEM RSA keys of 2048 bits or more, 400 ' +
  'GAME_PROVIDER_KEY_INVALID); Pragmatic secretKey (16 characters or more); missing or wrong: 400 ' +
  'GAME_PROVIDER_SETTINGS_INVALID naming the field. reportUrl, where the provider answers its daily report: ' +
  'an http(s) URL or null (400 GAME_PROVIDER_REPORT_URL_INVALID).';

/** The merchant's game providers and their signing keys (docs/back-office.md, "Game providers"). */
export function registerGameProvidersRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; gameProviders: GameProvidersAdmin },
): void {
  const { guard, gameProviders } = deps;

  route(app, 'adminProviderRegistry', {
    ...guard.guarded('adminProviderRegistry'),
    summary: 'The merchant’s game providers: on or off, API address, their keys by fingerprint (never a key)',
    failures: GUARD_FAILURES,
    handler: (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return gameProviders.list();
    },
  });

  route(app, 'adminCreateProvider', {
    ...guard.guarded('adminCreateProvider'),
    summary: 'Add a game provider, switched on, with a new signing key answered once',
    description:
      'Code as `game_provider` takes it (a-z, 0-9, _ and -, 2 to 32, a letter or digit first); name 1 to 100; ' +
      'API address an http(s) URL without credentials, or null (400 GAME_PROVIDER_ENDPOINT_INVALID); ' +
      'allowedAddresses up to 32 IPv4 or IPv6 addresses or CIDR blocks its calls may come from, empty (the ' +
      'default) for any (400 GAME_PROVIDER_ADDRESS_INVALID naming the entry). Code taken: 409 ' +
      'GAME_PROVIDER_EXISTS. ' +
      PROTOCOL_DESCRIPTION +
      ' The key (256 random bits, base64url) is in this answer only; audited as game_provider.create with ' +
      'its fingerprint. The answer is never stored by a cache.',
    failures: [...GUARD_FAILURES, 'GAME_PROVIDER_EXISTS', ...PROVIDER_INPUT_FAILURES],
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return gameProviders.create(actorOf(request), request.body);
    },
  });

  route(app, 'adminUpdateProvider', {
    ...guard.guarded('adminUpdateProvider'),
    summary:
      'Rename a game provider or change its API address, open-round policy, the addresses its calls may come ' +
      'from, its protocol and settings or its report address',
    description:
      'Checked as when added; openRoundAction, openRoundHours, allowedAddresses, protocol, settings and ' +
      'reportUrl are kept when left out, and a setting left out is kept while the protocol stays the same. ' +
      PROTOCOL_DESCRIPTION +
      ' New allowed addresses, protocol or settings apply from the provider’s next call in every process. ' +
      'Audited as game_provider.update (a change that changes nothing writes nothing; settings written are ' +
      'noted as settingsReplaced, never their values).',
    failures: [...UNKNOWN_PROVIDER, ...PROVIDER_INPUT_FAILURES],
    handler: (request) => gameProviders.update(actorOf(request), request.params.code, request.body),
  });

  route(app, 'adminSetProviderEnabled', {
    ...guard.guarded('adminSetProviderEnabled'),
    summary:
      'Switch a game provider on or off (off: every call it signs is refused, none of its games launches)',
    description: 'Audited as game_provider.update.',
    failures: UNKNOWN_PROVIDER,
    handler: (request) =>
      gameProviders.setEnabled(actorOf(request), request.params.code, request.body.enabled),
  });

  route(app, 'adminRotateProviderKey', {
    ...guard.guarded('adminRotateProviderKey'),
    summary:
      'Give a game provider a new signing key, answered once; the current key stays accepted for the overlap',
    description:
      'overlap 1h, 24h (default) or 7d: until then a call signed with the previous key is accepted, after it ' +
      'only the new key. A previous key of an earlier rotation is dropped. From now on the start no longer ' +
      'writes SANDBOX_PROVIDER_SECRET over it. Audited as game_provider.rotate_key with both fingerprints.',
    failures: UNKNOWN_PROVIDER,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return gameProviders.rotateKey(actorOf(request), request.params.code, request.body);
    },
  });

  route(app, 'adminEndProviderKeyOverlap', {
    ...guard.guarded('adminEndProviderKeyOverlap'),
    summary: 'End a rotation’s overlap now: only the current key is accepted',
    description: 'Audited as game_provider.end_key_overlap; without an overlap running, nothing changes.',
    failures: UNKNOWN_PROVIDER,
    handler: (request) => gameProviders.endKeyOverlap(actorOf(request), request.params.code),
  });
}
