/** Schedule: subscriptions whose validity ended become `expired`. */
import { expireDue } from './store.ts';

export async function handler(): Promise<{ expired: string[] }> {
  return { expired: await expireDue() };
}
