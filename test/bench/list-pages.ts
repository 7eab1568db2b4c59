// The big lists `npm run bench` measures: a filtered page of each, as the client asks for it, and the
// bare server's equivalent query (service.bench.ts); service-postgres.bench.ts measures the same pages
// on both engines.
export const LIST_PAGES: readonly (readonly [label: string, path: string, barePath: string])[] = [
  ['ledger, one month', '/api/inventory/ledger?startDate=2025-06-01&endDate=2025-06-30', '/ledger-dates?startDate=2025-06-01&endDate=2025-06-30'],
  ['pickup requests, status pending', '/api/apply-delivery?status=pending', '/pickups?status=pending'],
  ['outbound orders, status pending', '/api/delivery-details?outboundStatus=pending', '/outbound?outboundStatus=pending'],
  ['outbound orders, keyword (a B/L number: 2 of 200,000)', '/api/delivery-details?keyword=BL0001234', '/outbound-keyword?keyword=BL0001234'],
  ['contracts, keyword (20 of 50,000, with files)', '/api/contract?keyword=Buyer-17-', '/contracts?keyword=Buyer-17-'],
  ['freight charges, unpaid (page + totals)', '/api/corp-finances/freight-charges?paymentStatus=unpaid', '/finance?kind=freight-charges&status=unpaid'],
];
