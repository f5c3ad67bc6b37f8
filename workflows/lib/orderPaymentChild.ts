import { startChild } from '@temporalio/workflow';
import { orderPayment, type OrderPaymentInput } from '../orderPayment';
import { CaseId, CaseKind, OwnerUserId } from './searchAttributes';

/**
 * Starts the payment of an order a case created as the case's child: under the id the finance pages
 * and the payment notification look it up by, found in Temporal as the payer's orderPayment case,
 * and titled after what the fee is for (`title`, for operators).
 */
export function startOrderPayment(input: OrderPaymentInput, title: string) {
  return startChild(orderPayment, {
    workflowId: `orderPayment/${input.orderId}`,
    args: [input],
    typedSearchAttributes: [
      { key: CaseId, value: input.orderId },
      { key: CaseKind, value: 'orderPayment' },
      { key: OwnerUserId, value: input.userId },
    ],
    memo: { title },
  });
}
