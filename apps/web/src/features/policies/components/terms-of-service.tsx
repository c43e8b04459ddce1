/* eslint-disable i18next/no-literal-string -- legal text stays English (docs/i18n.md): PolicyDocument
   marks it lang="en" and tells a reader of another language so, in their language. */
import { LAB_EMAIL, LAB_NAME } from "@/config/brand";

import { PolicyDocument, type PolicySection } from "./policy-document";
import { PricingTerms, TurnaroundTerms } from "./turnaround-terms";

const sections: PolicySection[] = [
  {
    title: "pages.terms.acceptance.title",
    body: <p>By creating an account or submitting a sample you agree to these terms.</p>,
  },
  {
    title: "pages.terms.services.title",
    body: (
      <>
        <TurnaroundTerms />
        <p>Turnaround starts when the sample reaches the laboratory in a testable condition.</p>
      </>
    ),
  },
  {
    title: "pages.terms.samples.title",
    body: (
      <p>
        Samples must be properly preserved and labelled. We may refuse or re-request a sample that arrives
        damaged, unlabelled or in insufficient quantity.
      </p>
    ),
  },
  {
    title: "pages.terms.pricing.title",
    body: <PricingTerms />,
  },
  {
    title: "pages.terms.liability.title",
    body: (
      <p>
        Results apply only to the samples tested. Our liability for any test is limited to the fee paid for
        it.
      </p>
    ),
  },
  {
    title: "pages.terms.account.title",
    body: (
      <p>
        Keep your password secret and tell us at{" "}
        <a href={`mailto:${LAB_EMAIL}`} className="text-teal-800 underline">
          {LAB_EMAIL}
        </a>{" "}
        if you believe your account has been used by someone else.
      </p>
    ),
  },
];

export function TermsOfService() {
  return (
    <PolicyDocument
      title="pages.terms.title"
      lastUpdated="2024-01-01"
      intro={`These terms govern the testing services and the customer portal of ${LAB_NAME}.`}
      sections={sections}
    />
  );
}
