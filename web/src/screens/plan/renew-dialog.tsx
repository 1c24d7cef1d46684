/**
 * Renewal of a company that already subscribed (subStatus 1), from /plan: the wizard's subscription,
 * overview and payment steps in the site wizards' dialog, priced with firstFlag false (a downgrade shows
 * the refund of the unused part). Paying ends like the first time: "pay success", the listed keys cleared,
 * the success dialog, then /charge/login.
 */
import { K, usePurchase } from '@web/pages/subscription/purchase.ts';
import { OverviewStep, PaymentStep, RiskDialog, SubscriptionStep } from '@web/pages/subscription/steps.tsx';
import { getError, usePaidFlow } from '@web/pages/subscription/subscription-wizard.tsx';
import { WizardDialog } from '@web/screens/site/wizard.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { useEffect, useState } from 'react';

export function RenewDialog({ onClose }: { onClose: () => void }) {
  const tr = useTr();
  const purchase = usePurchase(false);
  const paidFlow = usePaidFlow();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(true);
  const [problem, setProblem] = useState('');
  const { loadPlans } = purchase;

  useEffect(() => {
    loadPlans()
      .catch((error: unknown) => setProblem(getError(tr, error)))
      .finally(() => setBusy(false));
  }, [loadPlans, tr]);

  const run = async (work: () => Promise<void>) => {
    setProblem('');
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const price = async () => {
    try {
      await purchase.calculate();
      setStep(1);
    } catch (error) {
      setProblem(getError(tr, error));
    }
  };

  const next = () =>
    run(async () => {
      if (step === 1) return setStep(2);
      if (!purchase.validate()) return;
      try {
        if (!(await purchase.checkRisk())) return;
      } catch (error) {
        setProblem(getError(tr, error));
        return;
      }
      await price();
    });

  const payNow = () =>
    run(async () => {
      if (await purchase.payByCard()) paidFlow.done();
    });

  if (paidFlow.paid) return paidFlow.dialog;

  const failure = purchase.payState.status === 'failed' && step < 2 ? purchase.payState.message : '';
  return (
    <>
      <WizardDialog
        title={tr(`${K}.renewTitle`)}
        steps={[tr(`${K}.steps.subscription`), tr(`${K}.steps.overview`), tr(`${K}.steps.bank`)]}
        step={step}
        problem={problem || failure}
        busy={busy || purchase.payState.status === 'busy'}
        onPrev={() => {
          setProblem('');
          setStep((s) => s - 1);
        }}
        onNext={() => void next()}
        onSave={() => void payNow()}
        saveLabel={tr(`${K}.pay`)}
        onClose={onClose}
      >
        {step === 0 ? <SubscriptionStep purchase={purchase} disabled={busy} /> : null}
        {step === 1 && purchase.price ? <OverviewStep price={purchase.price} /> : null}
        {step === 2 ? <PaymentStep purchase={purchase} /> : null}
      </WizardDialog>
      <RiskDialog purchase={purchase} onConfirm={() => run(price)} />
    </>
  );
}
