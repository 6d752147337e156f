import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { pageParams } from '../paging.ts';
import type { AdminCallRule } from './calls.ts';
import { memberParams } from './members.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/**
 * The risk queue, and operators' notes, tags and restrictions on members (docs/back-office.md, "Risk
 * queue, notes, tags and restrictions"). All of it is the members area: risk and owners write, finance and
 * support read.
 */

/**
 * What a risk signal is about: a referral bonus refused (the pair shares a bank account, a device or an
 * address), a member refused a bank account another member owns, a new member who registered on the
 * device or from the address of other members, a member whose bonuses went above their deposits at a
 * bonus claim (the rules of a withdrawal's risk flags, docs/decisions/052-list-exports-and-risk-signals.md).
 */
export const RISK_SIGNAL_KINDS = [
  'referral_refused',
  'bank_account_conflict',
  'shared_device',
  'shared_address',
  'bonus_over_deposits',
] as const;
export type RiskSignalKind = (typeof RISK_SIGNAL_KINDS)[number];

export const RISK_SIGNAL_STATUSES = ['open', 'reviewed'] as const;
export type RiskSignalStatus = (typeof RISK_SIGNAL_STATUSES)[number];

/** What an operator may keep a member from. */
export const MEMBER_RESTRICTION_KINDS = ['bonus', 'withdrawal'] as const;
export type MemberRestrictionKind = (typeof MEMBER_RESTRICTION_KINDS)[number];

/** The reason a refused player is given with `MEMBER_RESTRICTED`, per restriction. */
export const MEMBER_RESTRICTED_REASONS = {
  bonus: 'BONUS_RESTRICTED',
  withdrawal: 'WITHDRAWAL_RESTRICTED',
} as const satisfies Record<MemberRestrictionKind, string>;

export const NOTE_MAX = 1000;
/** The other members a shared device or address signal names. */
export const SHARED_MEMBERS_NAMED = 10;
export const TAG_NAME_MAX = 40;
export const REVIEW_NOTE_MAX = 500;

const operatorText = (max: number) => z.string().trim().min(1).max(max);

export const memberNote = z.object({
  id: z.number().int(),
  text: z.string(),
  /** The operator who wrote it, as named then. */
  operator: z.string(),
  createdAt: z.iso.datetime(),
});
export type MemberNote = z.infer<typeof memberNote>;

export const memberTag = z.object({ id: z.number().int(), name: z.string() });
export type MemberTag = z.infer<typeof memberTag>;

export const memberRestriction = z.object({
  kind: z.enum(MEMBER_RESTRICTION_KINDS),
  reason: z.string(),
  /** Who restricted the member. */
  operator: z.string(),
  restrictedAt: z.iso.datetime(),
});
export type MemberRestriction = z.infer<typeof memberRestriction>;

/** A member's notes (newest first), tags and restrictions. */
export const memberRisk = z.object({
  notes: z.array(memberNote),
  tags: z.array(memberTag),
  restrictions: z.array(memberRestriction),
});
export type MemberRisk = z.infer<typeof memberRisk>;

export const addMemberNoteRequest = z.object({ text: operatorText(NOTE_MAX) });
export type AddMemberNoteRequest = z.input<typeof addMemberNoteRequest>;

/** A tag by name: one of the merchant's, or a new one added to them (names match in any case). */
export const addMemberTagRequest = z.object({ name: operatorText(TAG_NAME_MAX) });
export type AddMemberTagRequest = z.input<typeof addMemberTagRequest>;
export const memberTagParams = memberParams.extend({ tagId: z.coerce.number<number>().int().positive() });

export const memberTagsResult = z.object({
  /** The merchant's tags by name, with how many members carry each. */
  list: z.array(memberTag.extend({ members: z.number().int() })),
});
export type MemberTagsResult = z.infer<typeof memberTagsResult>;

export const restrictionParams = memberParams.extend({ kind: z.enum(MEMBER_RESTRICTION_KINDS) });
/** Restrict (with why) or lift (why too: the audit keeps it). */
export const setMemberRestrictionRequest = z.object({
  restricted: z.boolean(),
  reason: operatorText(200),
});
export type SetMemberRestrictionRequest = z.input<typeof setMemberRestrictionRequest>;

/** A member named in a signal. */
export const riskMember = z.object({ id: z.uuid(), username: z.string() });

export const riskSignal = z.object({
  id: z.number().int(),
  kind: z.enum(RISK_SIGNAL_KINDS),
  createdAt: z.iso.datetime(),
  member: riskMember,
  /** The other member involved (the referred member, the account's owner…), or null. */
  otherMember: riskMember.nullable(),
  /**
   * What happened, for the words the screen shows: a refused referral's `reason` (REFERRAL_*),
   * `promotionId` and `promotionCode`; a bank-account conflict's `bankCode`; a shared device's or
   * address's other `members` (`{ id, username }`, at most SHARED_MEMBERS_NAMED, by username; `otherMember`
   * is the first of them) and the `device` or the `ip`; bonuses above deposits' `promotionId`,
   * `promotionCode`, `bonuses` and `deposits` (minor units) since the member's last paid withdrawal (`since`,
   * null for none).
   */
  detail: z.record(z.string(), z.unknown()),
  status: z.enum(RISK_SIGNAL_STATUSES),
  reviewedAt: z.iso.datetime().nullable(),
  reviewedBy: z.string().nullable(),
  reviewNote: z.string().nullable(),
});
export type RiskSignal = z.infer<typeof riskSignal>;

/** Newest first. */
export const riskSignalsQuery = z.object({
  kind: z.enum(RISK_SIGNAL_KINDS).optional(),
  status: z.enum(RISK_SIGNAL_STATUSES).optional(),
  ...pageParams(ADMIN_PAGE_SIZE),
});
export type RiskSignalsQuery = z.input<typeof riskSignalsQuery>;
export const riskSignalPage = adminPage(riskSignal);
export type RiskSignalPage = z.infer<typeof riskSignalPage>;

export const riskSignalParams = z.object({ signalId: z.coerce.number<number>().int().positive() });
export const reviewRiskSignalRequest = z.object({ note: operatorText(REVIEW_NOTE_MAX) });
export type ReviewRiskSignalRequest = z.input<typeof reviewRiskSignalRequest>;

export const adminRiskCalls = {
  adminMemberRisk: {
    method: 'GET',
    path: '/api/admin/members/:memberId/risk',
    moduleId: 'ADMIN',
    params: memberParams,
    response: memberRisk,
  },
  adminAddMemberNote: {
    method: 'POST',
    path: '/api/admin/members/:memberId/notes',
    moduleId: 'ADMIN',
    params: memberParams,
    body: addMemberNoteRequest,
    response: memberRisk,
  },
  adminMemberTags: {
    method: 'GET',
    path: '/api/admin/member-tags',
    moduleId: 'ADMIN',
    response: memberTagsResult,
  },
  adminAddMemberTag: {
    method: 'POST',
    path: '/api/admin/members/:memberId/tags',
    moduleId: 'ADMIN',
    params: memberParams,
    body: addMemberTagRequest,
    response: memberRisk,
  },
  adminRemoveMemberTag: {
    method: 'DELETE',
    path: '/api/admin/members/:memberId/tags/:tagId',
    moduleId: 'ADMIN',
    params: memberTagParams,
    response: memberRisk,
  },
  adminSetMemberRestriction: {
    method: 'PUT',
    path: '/api/admin/members/:memberId/restrictions/:kind',
    moduleId: 'ADMIN',
    params: restrictionParams,
    body: setMemberRestrictionRequest,
    response: memberRisk,
  },
  adminRiskSignals: {
    method: 'GET',
    path: '/api/admin/risk-signals',
    moduleId: 'ADMIN',
    query: riskSignalsQuery,
    response: riskSignalPage,
  },
  adminReviewRiskSignal: {
    method: 'POST',
    path: '/api/admin/risk-signals/:signalId/review',
    moduleId: 'ADMIN',
    params: riskSignalParams,
    body: reviewRiskSignalRequest,
    response: riskSignal,
  },
} as const satisfies ApiTable;

export const adminRiskRules: Record<keyof typeof adminRiskCalls, AdminCallRule> = {
  adminMemberRisk: { area: 'members', access: 'read' },
  adminAddMemberNote: { area: 'members', access: 'write' },
  adminMemberTags: { area: 'members', access: 'read' },
  adminAddMemberTag: { area: 'members', access: 'write' },
  adminRemoveMemberTag: { area: 'members', access: 'write' },
  adminSetMemberRestriction: { area: 'members', access: 'write' },
  adminRiskSignals: { area: 'members', access: 'read' },
  adminReviewRiskSignal: { area: 'members', access: 'write' },
};
