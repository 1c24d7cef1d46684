/**
 * OCPI 2.2.1 chargingprofiles module (the platform is the CPO, receiver interface;
 * docs/decisions/438-ocpi-charging-profiles-and-hub-client-info.md): what a partner sends to set a session's
 * charging profile, and the query of its GET and DELETE. Checked strictly (a wrong type, a number with more
 * than one decimal, periods out of order: 2001); an optional field may be left out or `null`, both unset.
 * Field names are OCPI's own (snake_case), as on the wire.
 */
import { z } from 'zod';
import { PROFILE_PERIODS_MAX } from '@shared/commands/catalogue.ts';
import { ocpiUrl, optionalOrNull } from './ocpi.ts';

/** OCPI ChargingProfileResponseType: the CPO's own answer, before the charger was asked. */
export type ChargingProfileResponseType =
  'ACCEPTED' | 'NOT_SUPPORTED' | 'REJECTED' | 'TOO_OFTEN' | 'UNKNOWN_SESSION';

/** OCPI ChargingProfileResultType: the charger's answer, posted to the partner's `response_url`. */
export type ChargingProfileResultType = 'ACCEPTED' | 'REJECTED' | 'UNKNOWN';

/** The longest schedule and the latest period start the charger is sent (the command catalogue's bounds). */
export const PROFILE_SECONDS_MAX = 31 * 86_400;

/** The longest composite schedule a GET may ask for (GetCompositeSchedule's bound in the catalogue). */
export const COMPOSITE_SECONDS_MAX = 7 * 86_400;

/** A charging rate: a number of at least 0 with at most one decimal (OCPI: "e.g. 8.1"). */
const rate = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, 'must have at most one decimal');

export const ocpiChargingProfilePeriodSchema = z.object({
  start_period: z.number().int().min(0).max(PROFILE_SECONDS_MAX),
  limit: rate,
});

/**
 * OCPI ChargingProfile. Besides OCPI's types: at least one period (a profile without one limits nothing), the
 * first from the schedule's start (`start_period` 0, as OCPP wants it), each after the one before and within
 * the duration.
 */
export const ocpiChargingProfileSchema = z
  .object({
    start_date_time: optionalOrNull(z.iso.datetime({ offset: true })),
    duration: optionalOrNull(z.number().int().min(1).max(PROFILE_SECONDS_MAX)),
    charging_rate_unit: z.enum(['W', 'A']),
    min_charging_rate: optionalOrNull(rate),
    charging_profile_period: optionalOrNull(
      z.array(ocpiChargingProfilePeriodSchema).max(PROFILE_PERIODS_MAX),
    ),
  })
  .superRefine((profile, ctx) => {
    const periods = profile.charging_profile_period ?? [];
    if (!periods.length)
      ctx.addIssue({
        code: 'custom',
        path: ['charging_profile_period'],
        message: 'needs at least one period',
      });
    if (periods[0] && periods[0].start_period !== 0)
      ctx.addIssue({
        code: 'custom',
        path: ['charging_profile_period', 0, 'start_period'],
        message: 'the first period starts at 0',
      });
    periods.forEach((period, i) => {
      if (i > 0 && period.start_period <= periods[i - 1]!.start_period)
        ctx.addIssue({
          code: 'custom',
          path: ['charging_profile_period', i, 'start_period'],
          message: 'must be after the period before',
        });
      if (profile.duration !== undefined && period.start_period >= profile.duration)
        ctx.addIssue({
          code: 'custom',
          path: ['charging_profile_period', i, 'start_period'],
          message: 'must be within the duration',
        });
    });
  });
export type OcpiChargingProfile = z.infer<typeof ocpiChargingProfileSchema>;

/** OCPI SetChargingProfile: the PUT's body. */
export const ocpiSetChargingProfileSchema = z.object({
  charging_profile: ocpiChargingProfileSchema,
  response_url: ocpiUrl,
});

/** A query parameter that is a whole number from `min` to `max`, in decimal digits only. */
const wholeParameter = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** The GET's query: how long a composite schedule (seconds) and where its result goes. */
export const ocpiActiveProfileQuery = z.object({
  duration: wholeParameter(1, COMPOSITE_SECONDS_MAX),
  response_url: ocpiUrl,
});

/** The DELETE's query: where its result goes. */
export const ocpiClearProfileQuery = z.object({ response_url: ocpiUrl });
