/** What a client's card element does: the card goes to the payment provider (the Stripe stand-in), the server gets its id. */
export async function paymentMethod(
  stripe: { url: string; publishableKey: string },
  number: string,
): Promise<string> {
  const res = await fetch(`${stripe.url}/v1/payment_methods`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${stripe.publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getUTCFullYear() + 2),
      'card[cvc]': '123',
    }).toString(),
  });
  return ((await res.json()) as { id: string }).id;
}
