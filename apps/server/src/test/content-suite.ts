import type { ApiEntry } from '@kl/contracts/api-call';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import type { DatabaseKind } from '../platform/db.ts';
import { call, freshIp } from './accounts.ts';
import { answerValue } from './answers.ts';
import { useBackOfficeSuite } from './back-office.ts';

/**
 * A suite of the content the back office writes for players (banners, help): a content operator
 * (`editor`) and an owner (who reads the audit), with the players' answers kept in memory as in
 * production, so that a test sees a change reach them at once; and a visitor's calls of the player site.
 */
export function useContentSuite(kind: DatabaseKind) {
  const backOffice = useBackOfficeSuite(
    kind,
    { editor: 'content', owner: 'owner' },
    { config: { answerCache: true } },
  );
  const visitor = { ip: freshIp() };
  const asVisitor = (entry: Pick<ApiEntry, 'method' | 'path'>, query: Record<string, string>) =>
    call(backOffice.suite.app, entry, visitor, { query });
  return {
    ...backOffice,
    /** A call of the player site as a visitor. */
    asVisitor,
    /** The value of a player site's call that answers 200, as a visitor. */
    async visitorValue<S extends z.ZodType>(
      entry: Pick<ApiEntry, 'method' | 'path'> & { readonly response: S },
      query: Record<string, string>,
    ): Promise<z.infer<S>> {
      const response: LightMyRequestResponse = await asVisitor(entry, query);
      return answerValue(entry, response);
    },
  };
}
