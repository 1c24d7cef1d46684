/**
 * The roaming entities of decision 437 on DynamoDB Local: the EVSE status last pushed to a partner (a claim
 * per status, exactly one of concurrent claims, confirmed, given back, lapsing when never confirmed), a
 * partner's failed exchanges (newest first, bounded, none past its expiry), a real-time decision kept for a
 * start (read until it expires), and the CiString keys of reservation pointers and session ids.
 */
import { describe, expect, it } from 'vitest';
import {
  claimEvseStatus,
  confirmEvseStatus,
  EVSE_CLAIM_LEASE_MS,
  releaseEvseStatus,
} from '@functions/data/roaming-evse-status.ts';
import { noteRoamingFailure, roamingFailuresOf } from '@functions/data/roaming-failures.ts';
import { keepRoamingDecision, roamingDecisionOf } from '@functions/data/roaming-authorizations.ts';
import { partnerReservationCreate, partnerReservationOrderId } from '@functions/data/reservations.ts';
import { getRoamingSession, keepRoamingSession } from '@functions/data/roaming-sessions.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

describe('the EVSE status last pushed to a partner', () => {
  it('claims a status once among concurrent deliveries, and not again once pushed', async () => {
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimEvseStatus('p1', 'cp-1*1', 'AVAILABLE', `c${i}`)),
    );
    const won = claims.filter((c) => c !== undefined);
    expect(won).toHaveLength(1);
    expect(await confirmEvseStatus(won[0]!)).toBe(true);
    expect(await claimEvseStatus('p1', 'cp-1*1', 'AVAILABLE', 'again')).toBeUndefined();
    // Long after the lease, a pushed status is still not pushed again.
    const later = Date.now() + 10 * EVSE_CLAIM_LEASE_MS;
    expect(await claimEvseStatus('p1', 'cp-1*1', 'AVAILABLE', 'later', later)).toBeUndefined();
    // Another status is.
    expect(await claimEvseStatus('p1', 'cp-1*1', 'CHARGING', 'next')).toMatchObject({
      before: { status: 'AVAILABLE', sent: true },
    });
  });

  it('gives a failed push back: the status before is stored again, and the same status can be claimed', async () => {
    const first = (await claimEvseStatus('p1', 'cp-2*1', 'AVAILABLE', 'a'))!;
    await confirmEvseStatus(first);
    const failed = (await claimEvseStatus('p1', 'cp-2*1', 'OUTOFORDER', 'b'))!;
    expect(await releaseEvseStatus(failed)).toBe(true);
    expect(await rawGet({ pk: 'ROAMEVSE#p1#cp-2*1', sk: 'STATUS' })).toMatchObject({
      status: 'AVAILABLE',
      claim: 'a',
      sent: true,
    });
    expect(await claimEvseStatus('p1', 'cp-2*1', 'OUTOFORDER', 'c')).toBeDefined();
    // A release of a claim since replaced changes nothing.
    expect(await releaseEvseStatus(failed)).toBe(false);
    // The first claim of an EVSE given back leaves nothing.
    const lone = (await claimEvseStatus('p1', 'cp-3*1', 'AVAILABLE', 'd'))!;
    expect(await releaseEvseStatus(lone)).toBe(true);
    expect(await rawGet({ pk: 'ROAMEVSE#p1#cp-3*1', sk: 'STATUS' })).toBeUndefined();
  });

  it('lets a claim never confirmed (its delivery died) lapse after its lease', async () => {
    const now = Date.now();
    expect(await claimEvseStatus('p1', 'cp-4*1', 'CHARGING', 'dead', now)).toBeDefined();
    expect(await claimEvseStatus('p1', 'cp-4*1', 'CHARGING', 'early', now + 1000)).toBeUndefined();
    expect(
      await claimEvseStatus('p1', 'cp-4*1', 'CHARGING', 'retry', now + EVSE_CLAIM_LEASE_MS + 1000),
    ).toBeDefined();
  });
});

describe("a partner's failed exchanges", () => {
  it('lists them newest first, at most the limit, none past its expiry', async () => {
    const t0 = Date.parse('2026-11-01T00:00:00Z');
    for (let i = 0; i < 5; i++)
      await noteRoamingFailure(
        'p2',
        { call: `GET https://e.example/${i}`, answer: `HTTP 500 #${i}` },
        t0 + i,
      );
    const listed = await roamingFailuresOf('p2', 3, t0 + 10);
    expect(listed.map((f) => f.answer)).toEqual(['HTTP 500 #4', 'HTTP 500 #3', 'HTTP 500 #2']);
    expect(listed[0]).toMatchObject({ call: 'GET https://e.example/4', at: new Date(t0 + 4).toISOString() });
    // Two weeks and a day later, none is shown.
    expect(await roamingFailuresOf('p2', 50, t0 + 15 * 86_400_000)).toEqual([]);
    expect(await roamingFailuresOf('p-none')).toEqual([]);
  });
});

describe('a real-time decision kept for a start', () => {
  it('is read until it expires', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 300;
    await keepRoamingDecision('CP-9', 'tok-1', {
      status: 'Accepted',
      partnerId: 'p3',
      authorizationReference: 'REF-1',
      authMethod: 'AUTH_REQUEST',
      expiresAt,
    });
    expect(await roamingDecisionOf('CP-9', 'tok-1')).toMatchObject({
      status: 'Accepted',
      authorizationReference: 'REF-1',
    });
    expect(await roamingDecisionOf('CP-9', 'tok-1', (expiresAt + 1) * 1000)).toBeUndefined();
    expect(await roamingDecisionOf('CP-9', 'other')).toBeUndefined();
  });
});

describe('CiString keys', () => {
  const reservation = (id: string) => ({
    id,
    tenant: '/t/',
    createTime: '2026-11-01T00:00:00.000Z',
    expiryTime: '2026-11-01T01:00:00.000Z',
  });

  it("finds a partner's reservation id in any case, and refuses the same id in another case", async () => {
    expect(await partnerReservationCreate(reservation('o1'), 'p4', 'R906733')).toBe(true);
    expect(await partnerReservationOrderId('p4', 'r906733')).toBe('o1');
    expect(await partnerReservationOrderId('p4', 'R906733')).toBe('o1');
    expect(await partnerReservationCreate(reservation('o2'), 'p4', 'r906733')).toBe(false);
  });

  it('finds a pointer written before, with the id as sent, and lets it block the same id', async () => {
    await rawPut({ pk: 'ROAMRESV#p4#OLD-7', sk: 'RESERVEID', orderId: 'o-old' });
    expect(await partnerReservationOrderId('p4', 'OLD-7')).toBe('o-old');
    expect(await partnerReservationCreate(reservation('o3'), 'p4', 'OLD-7')).toBe(false);
  });

  it('finds a session by its id in another case', async () => {
    const session = {
      partnerId: 'p5',
      chargePointId: 'DEMO-CP-001',
      transactionId: '12',
      orderNo: '20261101-DEMO-CP-001-12',
      status: 'ACTIVE' as const,
      lastUpdated: '2026-11-01T00:00:00.000Z',
      body: {},
    };
    await keepRoamingSession({ ...session, id: '20261101-DEMO-CP-001-12' });
    expect((await getRoamingSession('20261101-demo-cp-001-12'))?.id).toBe('20261101-DEMO-CP-001-12');
    await keepRoamingSession({ ...session, id: '20261101-abc123' });
    expect((await getRoamingSession('20261101-ABC123'))?.id).toBe('20261101-abc123');
    expect(await getRoamingSession('20261101-nothing')).toBeUndefined();
  });
});
