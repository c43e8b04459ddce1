/* eslint-disable i18next/no-literal-string -- legal text stays English (docs/i18n.md): PolicyDocument
   marks it lang="en" and tells a reader of another language so, in their language. */
/** The public policy text: turnaround, price changes and payment (docs/product-rules.md). */
export function TurnaroundTerms() {
  return (
    <ul className="space-y-1">
      <li>Standard testing: 3-5 business days from receipt of the sample.</li>
      <li>Rush testing: 24-48 hours, with an extra charge.</li>
      <li>Complex analyses: 5-7 business days.</li>
    </ul>
  );
}

export function PricingTerms() {
  return (
    <ul className="space-y-1">
      <li>Prices may change with 30 days notice.</li>
      <li>Payment is due on submission of the sample unless credit terms have been pre-approved.</li>
    </ul>
  );
}
