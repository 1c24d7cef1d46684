/** Company subscriptions (issue 8), console side: the /subsplan wizard and the plan screens. */
import { area } from '../area.ts';

export const subscriptionConsole = area(
  { subsWizard: { title: 'Subscription' } },
  {
    'zh-CN': { subsWizard: { title: '订阅' } },
    'zh-TW': { subsWizard: { title: '訂閱' } },
    de: { subsWizard: { title: 'Abonnement' } },
    th: { subsWizard: { title: 'การสมัครสมาชิก' } },
  },
);
