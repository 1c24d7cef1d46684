/**
 * The driver-app API (functions/driverapp; docs/decisions/194-driver-app-api.md): what the app sends. Its own
 * sign-up and sign-in (an app user of a company's app, by e-mail), the profile, balance top-ups through the
 * payment provider, start and stop on a connector with a charge type and value, the user's orders and
 * reservations.
 */
import { z } from 'zod';
import { APP_SOURCE } from '@shared/resources/crm/app-user.ts';
import { numericChoice } from '@shared/resources/catalogue/fields.ts';
import { optional, optionalText, requiredText, topUpAmount } from './fields.ts';
import { pageQuery } from './admin.ts';
import { password } from './identity.ts';
import { chargeTypeField, refineChargeValue } from './order.ts';

const email = z.email({ error: 'validation.emailFormat' }).max(60, { error: 'validation.tooLong' });
/** The company whose app it is (its operator id); none: the platform's own app. */
const operatorId = optionalText(64);
const source = numericChoice([APP_SOURCE.android, APP_SOURCE.ios, APP_SOURCE.web]);

export const appSignUpSchema = z
  .object({
    operatorId,
    email,
    password,
    userName: requiredText(64),
    phone: optional(z.string().trim().max(20, { error: 'validation.tooLong' })),
    source,
  })
  .strict();

export const appSignInSchema = z
  .object({
    operatorId,
    email,
    password: z.string().min(1, { error: 'validation.required' }).max(32),
    source,
  })
  .strict();

export const appProfileSchema = z
  .object({
    userName: requiredText(64),
    phone: optional(z.string().trim().max(20, { error: 'validation.tooLong' })),
  })
  .strict();

/**
 * A top-up: the amount and the card the app made at the payment provider (with the publishable key of
 * /app/wallet/config); `requestId` makes a retried request one payment.
 */
export const appTopUpSchema = z
  .object({
    amount: topUpAmount(10_000),
    paymentMethodId: requiredText(255),
    requestId: requiredText(64),
  })
  .strict();

/** After extra card authentication (code 2048): the payment to read again. */
export const appTopUpConfirmSchema = z.object({ paymentId: requiredText(255) }).strict();

const connector = {
  chargePointId: requiredText(64),
  connectorNo: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'catalogueRes.validation.range' })
    .max(999, { error: 'catalogueRes.validation.range' }),
};

/** Start on a connector: energy (kWh), time (minutes), amount (money) or full (no value). */
export const appStartSchema = z
  .object({
    ...connector,
    chargeType: chargeTypeField(),
    chargeValue: optional(
      z.preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        z.string({ error: 'validation.number' }).trim(),
      ),
    ),
  })
  .strict()
  .superRefine(refineChargeValue);

export const appStopSchema = z.object(connector).strict();

export const appPageQuery = pageQuery;
