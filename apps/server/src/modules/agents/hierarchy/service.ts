import { isTrialMember } from '@kl/contracts/accounts';
import {
  AGENT_LINK_PARAM,
  type AgentApplication,
  type AgentApplicationState,
  type AgentLink,
  type AgentLinkVisit,
  type ApplyAgentRequest,
  type CreateAgentLinkRequest,
  MAX_AGENT_LINKS,
  maskUsername,
} from '@kl/contracts/agents';
import { randomInt } from 'node:crypto';
import type { AgentApplicationRow, AgentRow } from '../../../db/schema/index.ts';
import type { MemberRow } from '../../member/index.ts';
import type { DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import type { AuthenticatedMember } from '../../../platform/member-guard.ts';
import { qrSvg, svgDataUrl } from '../../../platform/qr-svg.ts';
import type { AgentsDeps } from '../deps.ts';
import { type AgentLinkRow, createHierarchyRepository } from './repository.ts';

/** Link codes: 8 upper-case letters and digits without look-alikes (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const CODE_ATTEMPTS = 5;

/** Member types of the hierarchy (docs/agents.md, "Hierarchy"). */
export const AGENT_MEMBER_TYPE = { member: 0, operatorMade: 1, subAgent: 2 } as const;

/** Reasons carried in the `value` of refusals of the hierarchy. */
export const HIERARCHY_REASONS = {
  /** INVALID_INPUT: only a real member (type 0, or 1 / 2 without an agent row) can be made an agent. */
  notPromotable: 'not_promotable',
  /** INVALID_INPUT: the agent holds MAX_AGENT_LINKS active links already. */
  linkLimit: 'link_limit',
} as const;

function newLinkCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The registration path of an agent link (`/m/register?agent=CODE`). */
export const agentLinkPath = (code: string) => `/m/register?${AGENT_LINK_PARAM}=${encodeURIComponent(code)}`;

/** A link as the agent sees it: with its registration address (the site's origin first) and its QR code. */
export function agentLinkOf(row: AgentLinkRow, origin: string | undefined): AgentLink {
  const url = `${origin ?? ''}${agentLinkPath(row.code)}`;
  return {
    code: row.code,
    kind: row.kind,
    campaign: row.campaign,
    url,
    qrDataUrl: svgDataUrl(qrSvg(url, row.code)),
    active: row.active,
    clicks: row.clicks,
    registrations: row.registrations,
    createdAt: row.createdAt.toISOString(),
  };
}

function applicationOf(row: AgentApplicationRow): AgentApplication {
  return {
    id: row.id,
    status: row.status,
    message: row.message,
    contact: row.contact,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    note: row.note,
  };
}

/**
 * The agent hierarchy (docs/agents.md, "Hierarchy", "Agent links", "Applications"): making agents, the
 * chain of agents above a new member, the agents' links and the members' applications.
 */
export function createHierarchyService(deps: AgentsDeps) {
  const { db, clock } = deps;
  const hierarchy = createHierarchyRepository(db);

  async function makeAgentIn(memberId: string, createdBy: string, tx: DbOrTx): Promise<AgentRow> {
    // The member's row is locked: two calls at once make one agent.
    const target = await hierarchy.lockMember(memberId, tx);
    if (!target) throw new DomainError('NOT_FOUND', { reason: 'member_not_found' });
    const promotable =
      target.type === AGENT_MEMBER_TYPE.member ||
      target.type === AGENT_MEMBER_TYPE.operatorMade ||
      target.type === AGENT_MEMBER_TYPE.subAgent;
    if (!promotable) {
      throw new DomainError('INVALID_INPUT', { reason: HIERARCHY_REASONS.notPromotable, type: target.type });
    }
    if (await hierarchy.agentOf(memberId, tx)) throw new DomainError('ALREADY_AGENT');
    const upline = await hierarchy.nearestUplineAgent(memberId, tx);
    const level = upline ? upline.level + 1 : 1;
    const maxDepth = await hierarchy.maxDepth(target.merchantCode, tx);
    if (level > maxDepth) throw new DomainError('AGENT_DEPTH_LIMIT', { level, maxDepth });
    const now = clock();
    const created = await hierarchy.insertAgent(
      {
        memberId,
        merchantCode: target.merchantCode,
        parentMemberId: upline?.memberId ?? null,
        level,
        createdBy,
        createdAt: now,
      },
      tx,
    );
    if (!created) throw new DomainError('ALREADY_AGENT');
    if (target.type === AGENT_MEMBER_TYPE.member) {
      await hierarchy.setMemberType(memberId, AGENT_MEMBER_TYPE.operatorMade, now, tx);
    }
    return created;
  }

  /** The agent row of a member of the agent centre, or MEMBER_NOT_AGENT. */
  async function requireAgent(member: AuthenticatedMember, tx?: DbOrTx): Promise<AgentRow> {
    const row = await hierarchy.agentOf(member.memberId, tx);
    if (!row) throw new DomainError('MEMBER_NOT_AGENT');
    return row;
  }

  return {
    /**
     * Makes a real member an agent (type 0 → 1): level 1 without an agent above it, else one below the
     * nearest agent above it, which becomes its parent. ALREADY_AGENT when it is one, AGENT_DEPTH_LIMIT past
     * the merchant's depth, INVALID_INPUT { reason: not_promotable } for trial and other types. Runs in
     * `tx` when given (an application's approval), else in its own transaction.
     */
    makeAgent(memberId: string, createdBy: string, tx?: DbOrTx): Promise<AgentRow> {
      return tx
        ? makeAgentIn(memberId, createdBy, tx)
        : db.transaction((own) => makeAgentIn(memberId, createdBy, own));
    },

    /**
     * Inside the registration transaction: when the code is an active link of an agent, writes the new
     * member's chain of agents, counts the registration and, for a sub-agent link the depth allows, makes
     * the member a sub-agent (type 2). Answers the member's type. Any other code changes nothing.
     */
    async attachNewMember(
      created: Pick<MemberRow, 'id' | 'merchantCode' | 'type'>,
      code: string | null,
      tx: DbOrTx,
    ): Promise<number> {
      if (!code) return created.type;
      const link = await hierarchy.countRegistration(created.merchantCode, code, tx);
      const upline = link?.agentMemberId ? await hierarchy.agentOf(link.agentMemberId, tx) : undefined;
      if (!link || !upline) return created.type;
      await hierarchy.writeUplines(created.id, upline.memberId, tx);
      if (link.kind !== 'agent') return created.type;
      if (upline.level + 1 > (await hierarchy.maxDepth(created.merchantCode, tx))) return created.type;
      const now = clock();
      await hierarchy.insertAgent(
        {
          memberId: created.id,
          merchantCode: created.merchantCode,
          parentMemberId: upline.memberId,
          level: upline.level + 1,
          createdBy: `link:${link.code}`,
          createdAt: now,
        },
        tx,
      );
      await hierarchy.setMemberType(created.id, AGENT_MEMBER_TYPE.subAgent, now, tx);
      return AGENT_MEMBER_TYPE.subAgent;
    },

    /** A visit of a link (no login): counted; AGENT_LINK_INCORRECT unless an active link of an agent. */
    async visitLink(merchantCode: string, code: string): Promise<AgentLinkVisit> {
      const link = await hierarchy.countVisit(merchantCode, code);
      if (!link?.agentMemberId) throw new DomainError('AGENT_LINK_INCORRECT');
      return {
        code: link.code,
        kind: link.kind,
        agent: maskUsername(await hierarchy.usernameOf(link.agentMemberId)),
      };
    },

    async applicationState(member: AuthenticatedMember): Promise<AgentApplicationState> {
      const [row, latest] = await Promise.all([
        hierarchy.agentOf(member.memberId),
        hierarchy.latestApplication(member.memberId),
      ]);
      return { isAgent: row !== undefined, application: latest ? applicationOf(latest) : null };
    },

    /** Sends an application: ALREADY_AGENT for an agent, AGENT_APPLICATION_PENDING while one waits. */
    async apply(member: AuthenticatedMember, request: ApplyAgentRequest): Promise<AgentApplication> {
      if (isTrialMember(member.type)) throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'free_reject' });
      if (await hierarchy.agentOf(member.memberId)) throw new DomainError('ALREADY_AGENT');
      const created = await hierarchy.insertApplication({
        merchantCode: member.merchantCode,
        memberId: member.memberId,
        message: request.message,
        contact: request.contact || null,
        createdAt: clock(),
      });
      if (!created) throw new DomainError('AGENT_APPLICATION_PENDING');
      return applicationOf(created);
    },

    async links(member: AuthenticatedMember, origin: string | undefined): Promise<AgentLink[]> {
      await requireAgent(member);
      return (await hierarchy.links(member.memberId)).map((row) => agentLinkOf(row, origin));
    },

    /**
     * A new link of the agent: a random code unique in the merchant whatever its case. A sub-agent link
     * needs the agent's level below the merchant's depth (AGENT_DEPTH_LIMIT); at most MAX_AGENT_LINKS
     * active (INVALID_INPUT { reason: link_limit }).
     */
    async createLink(
      member: AuthenticatedMember,
      request: CreateAgentLinkRequest,
      origin: string | undefined,
    ): Promise<AgentLink> {
      const kind = request.kind ?? 'member';
      const row = await db.transaction(async (tx) => {
        // The agent's row is locked: links made at once still count to the limit one by one.
        await hierarchy.lockMember(member.memberId, tx);
        const self = await requireAgent(member, tx);
        if (kind === 'agent') {
          const maxDepth = await hierarchy.maxDepth(self.merchantCode, tx);
          if (self.level >= maxDepth)
            throw new DomainError('AGENT_DEPTH_LIMIT', { level: self.level, maxDepth });
        }
        if ((await hierarchy.activeLinkCount(self.memberId, tx)) >= MAX_AGENT_LINKS) {
          throw new DomainError('INVALID_INPUT', {
            reason: HIERARCHY_REASONS.linkLimit,
            max: MAX_AGENT_LINKS,
          });
        }
        for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
          const created = await hierarchy.insertLink(
            {
              merchantCode: self.merchantCode,
              code: newLinkCode(),
              agentMemberId: self.memberId,
              kind,
              campaign: request.campaign || null,
              createdAt: clock(),
            },
            tx,
          );
          if (created) return created;
        }
        throw new Error('no free agent link code after several attempts');
      });
      return agentLinkOf(row, origin);
    },

    /** Turns the agent's own link on or off; a code that is not the agent's is NOT_FOUND. */
    async updateLink(
      member: AuthenticatedMember,
      code: string,
      active: boolean,
      origin: string | undefined,
    ): Promise<AgentLink> {
      await requireAgent(member);
      if (active) {
        const links = await hierarchy.links(member.memberId);
        const link = links.find((row) => row.code.toUpperCase() === code.toUpperCase());
        const activeCount = links.filter((row) => row.active).length;
        if (link && !link.active && activeCount >= MAX_AGENT_LINKS) {
          throw new DomainError('INVALID_INPUT', {
            reason: HIERARCHY_REASONS.linkLimit,
            max: MAX_AGENT_LINKS,
          });
        }
      }
      const row = await hierarchy.setLinkActive(member.memberId, code, active);
      if (!row) throw new DomainError('NOT_FOUND');
      return agentLinkOf(row, origin);
    },
  };
}
export type HierarchyService = ReturnType<typeof createHierarchyService>;
