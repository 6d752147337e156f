import { fullPath, type RouteDefinition } from '@kl/contracts/routes';

/** Sample values of the route parameters the route table uses (a spec may choose its own game). */
export const SAMPLE_ROUTE_PARAMS: Readonly<Record<string, string>> = {
  mui: 'kimlong',
  playType: 'trad',
  gameId: '1001',
  kind: 'baccarat',
};

/** A route's address with its parameters filled in; a parameter without a sample value is an error. */
export function samplePath(
  route: RouteDefinition,
  params: Readonly<Record<string, string>> = SAMPLE_ROUTE_PARAMS,
) {
  return fullPath(
    route.pattern.replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`no sample value for the route parameter :${name}`);
      return value;
    }),
  );
}
