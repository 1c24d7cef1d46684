/**
 * One payer per idTag in a company (docs/decisions/432-one-payer-per-idtag-and-partner-scope.md): a card, a
 * fleet's driver or vehicle and an app user each declare this unique guard on the field holding the tag they
 * charge with, beside their own guard (the one authorisation and settlement find them by). Its value is
 * `{tenant}|{tag}`, case-folded as authorisation compares tags, and it is taken in the same transaction as the
 * record (functions/data/repository.ts), so two payers of a company never hold one tag, however concurrent their
 * writes; an edit moves it, a delete frees it.
 */
export const PAYER_TAG_GUARD = 'PAYERTAG';

/** The unique declaration of the payer tag on `field` (a resource's `unique` entry). */
export const payerTagUnique = (field: string) => ({
  field,
  message: 'server.tagHeld',
  guard: PAYER_TAG_GUARD,
});
