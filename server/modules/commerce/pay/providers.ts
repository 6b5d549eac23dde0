/**
 * The payment providers known to the order code, by name: what fulfilment needs from a provider
 * without importing it (the automatic refund of a payment that arrived for an expired or sold-out
 * order). Each provider module registers itself when its routes load.
 */
import type { Core, EntityRow } from '../../../core/api';
import type { ProviderName } from './pay-settings';

export interface RefundRequest {
  /** The order row (orderNo, transactionId, chargedAmount, currency...). */
  order: EntityRow<'goods/order'>;
  /** Amount to refund in the provider's currency, in cents (minor units). */
  amountCents: number;
  currency: string;
  /** Idempotency key: the same key never refunds twice at the provider. */
  key: string;
  reason: string;
}

export interface PaymentProvider {
  name: ProviderName;
  /** Refunds at the provider; answers the provider's refund id. Throws when the provider refuses or cannot be reached. */
  refund(core: Core, req: RefundRequest): Promise<{ refundId: string }>;
}

const providers = new Map<string, PaymentProvider>();

export function registerProvider(p: PaymentProvider): void {
  providers.set(p.name, p);
}

export function providerOf(name: string | null | undefined): PaymentProvider | null {
  return (name && providers.get(name)) || null;
}
