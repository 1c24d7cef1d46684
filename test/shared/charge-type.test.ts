/**
 * Starting a charge with a charge type that is not one of the four answers on the type alone, with "choose one
 * of the offered values", never with the value field's messages (docs/decisions/466): the driver app's start
 * and the console's remote start share the check.
 */
import { describe, expect, it } from 'vitest';
import { appStartSchema } from '@shared/schemas/driver-app.ts';
import { commandByKey } from '@shared/commands/catalogue.ts';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

const remoteStart = commandByKey.get('remoteStart')!.params;
const start = { chargePointId: 'CP-1', connectorNo: 1 };

describe('an unknown charge type', () => {
  it("is the type's error alone in the driver app's start", () => {
    for (const chargeType of [9, 0, 'x', 2.5])
      for (const chargeValue of [undefined, '5'])
        expect(
          issues(appStartSchema.safeParse({ ...start, chargeType, chargeValue })),
          String(chargeType),
        ).toEqual([['chargeType', 'commandRes.validation.option']]);
  });

  it("is the type's error alone in the console's remote start", () => {
    expect(issues(remoteStart.safeParse({ idTag: 'TAG', chargeType: 9, chargeValue: '5' }))).toEqual([
      ['chargeType', 'commandRes.validation.range'],
    ]);
  });

  it('leaves the value checks of a known type as they were', () => {
    expect(issues(appStartSchema.safeParse({ ...start, chargeType: 1 }))).toEqual([
      ['chargeValue', 'validation.required'],
    ]);
    expect(issues(appStartSchema.safeParse({ ...start, chargeType: 4, chargeValue: '5' }))).toEqual([
      ['chargeValue', 'commandRes.validation.fullTakesNoValue'],
    ]);
    expect(appStartSchema.parse({ ...start }).chargeType).toBe(4);
    expect(issues(remoteStart.safeParse({ idTag: 'TAG', chargeType: 2, chargeValue: '30' }))).toEqual([]);
  });
});
