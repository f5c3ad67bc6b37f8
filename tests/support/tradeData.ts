/**
 * A valid self-service trade application (domain selfServiceApplicationSchema) for tests and
 * benchmarks: the IP applied for, a 'proof' upload id the buyer owns as the proposal, and any changes.
 */
export function selfServiceApplication(ipciId: string, proposal: string, over: Record<string, unknown> = {}) {
  return {
    ipciId,
    proposal,
    price: '1000.00',
    exclusive: false,
    channels: ['merch'],
    region: '',
    termPermanent: false,
    termFrom: '2027-01-01',
    termTo: '2027-12-31',
    description: 'Mugs and tote bags with the pattern',
    contactPerson: 'Li Lei',
    phone: '13800138000',
    email: 'li@example.com',
    ...over,
  };
}
