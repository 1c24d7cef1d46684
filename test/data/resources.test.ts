/**
 * One repository per resource type (docs/decisions/445-one-way-to-store-an-entity.md): the resource framework
 * and every module that reads the type hold the same storage object; a declaration that would store the type
 * otherwise is refused.
 */
import { describe, expect, it } from 'vitest';
import { chargePointResource } from '@shared/resources/site/charge-point.ts';
import { stationResource } from '@shared/resources/site/station.ts';
import { resource } from '@functions/api/resources.ts';
import { chargePointRecords } from '@functions/data/charge-points.ts';
import { resourceRepository } from '@functions/data/resources.ts';
import { stationRecords } from '@functions/data/stations.ts';

describe('the repositories of the declared resources', () => {
  it('is one per type, whoever asks for it', () => {
    expect(resourceRepository(stationResource)).toBe(stationRecords);
    expect(resource(stationResource).repo).toBe(stationRecords);
    // The same storage declared again with other API fields (a secret) is the same repository.
    expect(resource({ ...chargePointResource, secrets: ['passwordHash'] }).repo).toBe(chargePointRecords);
    expect(stationRecords.key('S1')).toEqual({ pk: 'STATION#S1', sk: 'STATION' });
  });

  it('refuses a second way to store a type', () => {
    expect(() => resourceRepository({ ...stationResource, views: [{ sort: 'name' }] })).toThrow(
      'Two ways to store the resource type STATION',
    );
  });
});
