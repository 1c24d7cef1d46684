/**
 * The purchase shared by the first-time wizard (/subsplan) and the renewal from /plan (docs/product.md
 * sections 2, 4 and 5): the choice (mode 1 a Basic or Pro plan with connector counts, mode 2 an order
 * number), its rules, the risk warning, the price calculation, and paying (card, extra authentication with
 * code 2048, or pay-off without a card when the price row has a receipt pdfUrl).
 */
import {
  CONNECTORS_MAX,
  FEATURE_PACKAGE,
  MODE2_AC_CONNECTORS,
  PLAN_NO_MAX,
  SUBSCRIBE_MODE,
  type PriceResult,
  type UniversalPlanEntry,
} from '@shared/schemas/subscription.ts';
import i18n from '@web/i18n.ts';
import { ApiError } from '@web/lib/api.ts';
import { useCallback, useRef, useState } from 'react';
import {
  loadPayConfig,
  loadUniversalPlans,
  offlinePay,
  pay,
  priceCalculation,
  riskWarning,
  secure,
  type PriceRequest,
} from './api.ts';
import { CardError, cardProvider, type CardField, type CardPayments } from './card.ts';

export const K = 'subsWizard';

export interface Choice {
  mode: 1 | 2;
  /** featurePackageType: 0 Basic, 1 Pro. */
  pkg: 0 | 1;
  ac: string;
  dc: string;
  planNo: string;
}

export const DEFAULT_CHOICE: Choice = {
  mode: SUBSCRIBE_MODE.plan,
  pkg: FEATURE_PACKAGE.basic,
  ac: '',
  dc: '0',
  planNo: '',
};

export interface Card {
  /** As typed and shown: 4 groups of 4 digits. */
  number: string;
  /** MM/YY. */
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: Card = { number: '', expiry: '', cvc: '' };

/** Errors are i18n keys by field. */
export type Errors = Record<string, string>;

const COUNT = /^\d+$/;

function countError(value: string): string | undefined {
  if (value.trim() === '') return `${K}.errors.required`;
  if (!COUNT.test(value.trim()) || Number(value) > CONNECTORS_MAX) return `${K}.errors.connectors`;
  return undefined;
}

/**
 * docs/product.md section 5: AC required 0–2000; DC required for Pro 0–2000 (Basic: 0); order number
 * required, ≤ 32.
 */
export function choiceErrors(choice: Choice): Errors {
  const errors: Errors = {};
  if (choice.mode === SUBSCRIBE_MODE.orderNo) {
    const no = choice.planNo.trim();
    if (!no) errors.planNo = `${K}.errors.required`;
    else if (no.length > PLAN_NO_MAX) errors.planNo = `${K}.errors.planNoMax`;
    return errors;
  }
  const ac = countError(choice.ac);
  if (ac) errors.ac = ac;
  if (choice.pkg === FEATURE_PACKAGE.pro) {
    const dc = countError(choice.dc);
    if (dc) errors.dc = dc;
  }
  return errors;
}

/** docs/product.md section 5: Basic sends AC and DC 0; Pro both; mode 2 the planNo with AC 2 and DC 0. */
export function priceRequest(choice: Choice, plans: UniversalPlanEntry[], firstFlag: boolean): PriceRequest {
  if (choice.mode === SUBSCRIBE_MODE.orderNo)
    return {
      planNo: choice.planNo.trim(),
      firstFlag,
      acConnectorNumber: MODE2_AC_CONNECTORS,
      dcConnectorNumber: 0,
    };
  const plan = plans[choice.pkg];
  const pro = choice.pkg === FEATURE_PACKAGE.pro;
  return {
    firstFlag,
    planId: plan?.id,
    acConnectorNumber: Number(choice.ac),
    dcConnectorNumber: pro ? Number(choice.dc) : 0,
    acConnectorPrice: plan?.acConnectorPrice,
    dcConnectorPrice: plan?.dcConnectorPrice,
  };
}

/** The card as typed shows 4 groups of 4 digits. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as typed: the slash comes after the month. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

const EXPIRY = /^(0[1-9]|1[0-2])\/(\d{2})$/;

/** docs/product.md section 5: number required, expiry required (MM/YY), CVC required (up to 4 digits). */
export function cardErrors(card: Card): Errors {
  const errors: Errors = {};
  if (!card.number.replace(/\s/g, '')) errors.number = `${K}.errors.required`;
  if (!card.expiry.trim()) errors.expiry = `${K}.errors.required`;
  else if (!EXPIRY.test(card.expiry.trim())) errors.expiry = `${K}.errors.expiry`;
  if (!card.cvc.trim()) errors.cvc = `${K}.errors.required`;
  else if (!/^\d{1,4}$/.test(card.cvc.trim())) errors.cvc = `${K}.errors.cvc`;
  return errors;
}

/** Spaces removed; the year sent as 2000 + YY. */
export function cardFields(card: Card) {
  const [, month = '0', year = '0'] = EXPIRY.exec(card.expiry.trim()) ?? [];
  return {
    number: card.number.replace(/\s/g, ''),
    expMonth: Number(month),
    expYear: 2000 + Number(year),
    cvc: card.cvc.trim(),
  };
}

/** Nothing to pay (a downgrade whose credit covers the new plan): no card is needed. */
export const nothingToPay = (price: PriceResult | null) => !!price && Number(price.toPayFee) <= 0;

/** The first-time quote's first row has a receipt: it is paid off without a card (Finish). */
export const paysOffline = (price: PriceResult | null) =>
  !!price && price.firstFlag !== false && !!price.list[0]?.pdfUrl;

/**
 * A message of a failed call: the server's msg when present (docs/product.md section 8), then its detail
 * when it gave one (a failed refund's provider text, docs/decisions/452-no-raw-values-in-the-console.md).
 */
export function serverMessage(error: unknown): string {
  const detail = error instanceof ApiError ? error.fields?.detail : undefined;
  if (error instanceof ApiError && typeof detail === 'string' && detail)
    return `${error.message} ${i18n.t('messages.providerDetail', { detail })}`;
  if (error instanceof ApiError || error instanceof CardError) return error.message;
  return error instanceof Error ? error.message : '';
}

export type PayState =
  | { status: 'idle' }
  | { status: 'busy' }
  /** The card was refused by the provider (its message, on the card field it names, else on the card). */
  | { status: 'cardError'; message: string; field?: CardField }
  /** Paying failed: the server's message. */
  | { status: 'failed'; message: string }
  | { status: 'paid' };

export function usePurchase(firstFlag: boolean) {
  const [plans, setPlans] = useState<UniversalPlanEntry[]>([]);
  const [choice, setChoice] = useState<Choice>(DEFAULT_CHOICE);
  const [choiceErrs, setChoiceErrs] = useState<Errors>({});
  const [price, setPrice] = useState<PriceResult | null>(null);
  const [card, setCard] = useState<Card>(EMPTY_CARD);
  const [cardErrs, setCardErrs] = useState<Errors>({});
  const [payState, setPayState] = useState<PayState>({ status: 'idle' });
  /** The fewer-connectors warning waiting for confirmation: what was found. */
  const [risk, setRisk] = useState<{ acAdded: number; dcAdded: number } | null>(null);
  const mountRef = useRef<HTMLDivElement | null>(null);
  /** The card provider for this payment, made from the pay config once it is needed. */
  const providerRef = useRef<Promise<CardPayments> | null>(null);

  /** The provider (POST /admin/subscribe/payConfig once); a failed load is tried again next time. */
  const provider = useCallback((): Promise<CardPayments> => {
    if (!providerRef.current) {
      const made = loadPayConfig().then((config) => cardProvider.cardPayments(config));
      made.catch(() => {
        if (providerRef.current === made) providerRef.current = null;
      });
      providerRef.current = made;
    }
    return providerRef.current;
  }, []);

  const loadPlans = useCallback(async () => {
    const list = await loadUniversalPlans();
    setPlans(list);
    return list;
  }, []);

  const change = (changes: Partial<Choice>) => {
    setChoice((c) => {
      const next = { ...c, ...changes };
      // docs/product.md section 4: Basic fixes DC at 0.
      if (next.pkg === FEATURE_PACKAGE.basic) next.dc = '0';
      return next;
    });
    // A change clears the messages of what changed (a package change also those of the DC count).
    const keys = Object.keys(changes).flatMap((k) => (k === 'pkg' ? ['pkg', 'dc'] : [k]));
    setChoiceErrs((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))));
  };

  /** Validates the choice; true when it may go on to the risk check and the price. */
  const validate = (): boolean => {
    const found = choiceErrors(choice);
    setChoiceErrs(found);
    return Object.keys(found).length === 0;
  };

  /** Mode 1: fewer connectors than already added needs confirming first; true to go on at once. */
  const checkRisk = async (): Promise<boolean> => {
    if (choice.mode !== SUBSCRIBE_MODE.plan) return true;
    const req = priceRequest(choice, plans, firstFlag);
    const result = await riskWarning(req.acConnectorNumber, req.dcConnectorNumber);
    if (result?.warn) {
      setRisk({ acAdded: result.acAdded, dcAdded: result.dcAdded });
      return false;
    }
    return true;
  };

  const calculate = async (): Promise<PriceResult> => {
    const result = await priceCalculation(priceRequest(choice, plans, firstFlag));
    setPrice(result);
    setPayState({ status: 'idle' });
    return result;
  };

  const changeCard = (changes: Partial<Card>) => {
    setCard((c) => ({ ...c, ...changes }));
    setCardErrs((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in changes))));
    setPayState((s) => (s.status === 'cardError' ? { status: 'idle' } : s));
  };

  /** Pay-off without a card (Finish). */
  const finish = async (): Promise<boolean> => {
    if (!price) return false;
    setPayState({ status: 'busy' });
    try {
      await offlinePay(price.subscribeId);
      setPayState({ status: 'paid' });
      return true;
    } catch (error) {
      setPayState({ status: 'failed', message: serverMessage(error) });
      return false;
    }
  };

  /** Pay: the card becomes a payment method at the provider, then our pay call; 2048 authenticates first. */
  const payByCard = async (): Promise<boolean> => {
    if (!price) return false;
    const free = nothingToPay(price);
    let paymentMethodId: string | undefined;
    if (!free) {
      setPayState({ status: 'busy' });
      try {
        const cards = await provider();
        // Hosted, the card is Stripe's element (the page's own fields are not shown, nor checked here).
        if (!cards.providerFields) {
          const found = cardErrors(card);
          setCardErrs(found);
          if (Object.keys(found).length) {
            setPayState({ status: 'idle' });
            return false;
          }
        }
        paymentMethodId = await cards.createPaymentMethod(
          cards.providerFields ? undefined : cardFields(card),
        );
      } catch (error) {
        if (error instanceof CardError)
          setPayState({ status: 'cardError', message: error.message, field: error.field });
        else setPayState({ status: 'failed', message: serverMessage(error) });
        return false;
      }
    } else setPayState({ status: 'busy' });
    try {
      const outcome = await pay({
        toPayFee: price.toPayFee,
        firstFlag: price.firstFlag ?? firstFlag,
        refundFlag: Boolean(price.refundFlag),
        lastSubscribeId: price.lastSubscribeId,
        subscribeId: price.subscribeId,
        paymentMethodId,
      });
      if (outcome.kind === 'authenticate') {
        // docs/product.md section 4: confirm with the provider (its challenge shows here), then report the
        // intent whatever the outcome: the server decides.
        let intentId = outcome.data?.paymentId ?? '';
        try {
          const mount = mountRef.current ?? document.body;
          const confirmed = await (await provider()).confirmCardPayment(outcome.clientSecret, mount);
          if (confirmed.paymentIntentId) intentId = confirmed.paymentIntentId;
        } catch {
          // the challenge could not run: the server still hears of the intent and reports the failure
        }
        await secure(intentId);
      }
      setPayState({ status: 'paid' });
      return true;
    } catch (error) {
      setPayState({ status: 'failed', message: serverMessage(error) });
      return false;
    }
  };

  return {
    firstFlag,
    plans,
    loadPlans,
    choice,
    change,
    choiceErrs,
    validate,
    checkRisk,
    risk,
    clearRisk: () => setRisk(null),
    calculate,
    price,
    card,
    changeCard,
    cardErrs,
    payState,
    finish,
    payByCard,
    mountRef,
    provider,
  };
}

export type Purchase = ReturnType<typeof usePurchase>;
