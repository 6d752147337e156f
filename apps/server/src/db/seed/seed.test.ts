import { CS_TYPES, RESOURCE_TYPES, statusInfo } from '@kl/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { toMerchant } from '../../modules/merchant/index.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';
import { verifyPassword } from '../../platform/crypto.ts';
import {
  affiliateCode,
  agent,
  contentBanner,
  depositChannel,
  game,
  member,
  memberUpline,
  merchant,
  siteLink,
  vipLevel,
  wageringSetting,
  withdrawalSetting,
} from '../schema/index.ts';
import { runSeed } from './index.ts';
import { DEMO_AGENT_PASSWORD } from './kimlong.ts';

describeEachDatabase('seed', (kind) => {
  const database = useTestDatabase(kind, { seed: false });

  const merchantCount = async () => {
    const [row] = await database.current.db.select({ count: sql<number>`count(*)::int` }).from(merchant);
    return row?.count;
  };

  it('creates the demo merchant kimlong with every csType and resourceType', async () => {
    expect(await runSeed(database.current.db)).toEqual({
      merchantsCreated: 1,
      fieldRulesCreated: 19,
      affiliateCodesCreated: 2,
    });
    const [row] = await database.current.db.select().from(merchant).where(eq(merchant.code, 'kimlong'));
    expect(row).toBeDefined();
    if (!row) return;
    const kimlong = toMerchant(row);
    expect(kimlong.name).toBe('Kim Long');
    expect(kimlong.allowedCountries).toEqual(['VN']);
    expect(kimlong.maintenance).toBe(false);
    expect(statusInfo.safeParse(kimlong.info).success).toBe(true);
    expect(kimlong.info.customerService.map((link) => link.csType).sort()).toEqual([...CS_TYPES].sort());
    expect(kimlong.info.resources.map((link) => link.resourceType).sort()).toEqual(
      [...RESOURCE_TYPES].sort(),
    );
    for (const { url } of kimlong.info.resources) expect(url).toMatch(/^(\/|https:\/\/)/);
    expect(kimlong.info.resources.find((link) => link.resourceType === 'AGENT')?.url).toBe(
      kimlong.info.paths.agentSignUp,
    );
  });

  it('makes the demo agent a top agent with a member link, a sub-agent link and two members of its team', async () => {
    const db = database.current.db;
    const [demo] = await db.select().from(member).where(eq(member.username, 'kimlongagent'));
    expect(demo).toMatchObject({ type: 1 });
    expect(await verifyPassword(demo?.passwordHash ?? '', DEMO_AGENT_PASSWORD)).toBe(true);
    expect(await db.select().from(agent)).toMatchObject([
      { memberId: demo?.id, level: 1, parentMemberId: null },
    ]);
    const links = await db.select().from(affiliateCode).orderBy(affiliateCode.code);
    expect(links).toMatchObject([
      { code: 'KL2026', kind: 'member', agentMemberId: demo?.id, active: true },
      { code: 'KLDAILY26', kind: 'agent', agentMemberId: demo?.id, campaign: 'Tuyển đại lý 2026' },
    ]);
    const team = await db
      .select({ username: member.username, depth: memberUpline.depth })
      .from(memberUpline)
      .innerJoin(member, eq(member.id, memberUpline.memberId))
      .where(eq(memberUpline.uplineMemberId, demo?.id ?? ''))
      .orderBy(member.username);
    expect(team).toEqual([
      { username: 'kimlongkhach1', depth: 1 },
      { username: 'kimlongkhach2', depth: 1 },
    ]);
  });

  it("writes the demo merchant's configuration as merchant:create writes a real one's", async () => {
    const db = database.current.db;
    const [wagering] = await db
      .select()
      .from(wageringSetting)
      .where(eq(wageringSetting.merchantCode, 'kimlong'));
    expect(wagering).toMatchObject({ depositTurnoverPercent: 100, bonusTurnoverMultiple: 1 });
    const [withdrawal] = await db
      .select()
      .from(withdrawalSetting)
      .where(eq(withdrawalSetting.merchantCode, 'kimlong'));
    expect(withdrawal).toMatchObject({ minAmount: 100_000n, maxAmount: 50_000_000n, dailyCountLimit: 5 });
  });

  it('changes nothing when run again and keeps what an operator changed', async () => {
    await database.current.db
      .update(merchant)
      .set({ maintenance: true, allowedCountries: ['VN', 'TH'], CBS3: false })
      .where(eq(merchant.code, 'kimlong'));
    const before = await merchantCount();

    const nothing = { merchantsCreated: 0, fieldRulesCreated: 0, affiliateCodesCreated: 0 };
    expect(await runSeed(database.current.db)).toEqual(nothing);
    expect(await runSeed(database.current.db)).toEqual(nothing);

    expect(await merchantCount()).toBe(before);
    const [row] = await database.current.db.select().from(merchant).where(eq(merchant.code, 'kimlong'));
    expect(row).toMatchObject({ maintenance: true, allowedCountries: ['VN', 'TH'], CBS3: false });
  });

  it('adds back what an operator removed, where the back office would put it, and keeps what they changed', async () => {
    const db = database.current.db;
    const kimlong = (table: { merchantCode: PgColumn }) => eq(table.merchantCode, 'kimlong');
    const counts = async () =>
      Promise.all(
        [contentBanner, depositChannel, game, siteLink, vipLevel].map(async (table) => {
          const [row] = await db
            .select({ count: sql<number>`count(*)::int` })
            .from(table)
            .where(kimlong(table));
          return row?.count;
        }),
      );
    const before = await counts();
    await db
      .delete(depositChannel)
      .where(and(kimlong(depositChannel), eq(depositChannel.code, 'bank-transfer')));
    await db
      .update(depositChannel)
      .set({ name: { vi: 'Ví MoMo', en: 'MoMo' } })
      .where(and(kimlong(depositChannel), eq(depositChannel.code, 'momo')));
    await db.delete(vipLevel).where(and(kimlong(vipLevel), eq(vipLevel.level, 5)));
    await db.delete(contentBanner).where(and(kimlong(contentBanner), eq(contentBanner.key, 'home-vip')));

    await runSeed(db);

    expect(await counts()).toEqual(before);
    // The channel that came back is last, as one the back office adds.
    const channels = await db
      .select({ code: depositChannel.code, name: depositChannel.name })
      .from(depositChannel)
      .where(kimlong(depositChannel))
      .orderBy(depositChannel.sort);
    expect(channels).toEqual([
      { code: 'vietqr', name: { vi: 'Quét mã VietQR', en: 'VietQR code' } },
      { code: 'momo', name: { vi: 'Ví MoMo', en: 'MoMo' } },
      { code: 'bank-transfer', name: { vi: 'Chuyển khoản ngân hàng', en: 'Bank transfer' } },
    ]);
    const [diamond] = await db
      .select()
      .from(vipLevel)
      .where(and(kimlong(vipLevel), eq(vipLevel.level, 5)));
    expect(diamond).toMatchObject({
      name: { vi: 'Kim cương', en: 'Diamond' },
      depositThreshold: 1_000_000_000n,
    });
  });
});
