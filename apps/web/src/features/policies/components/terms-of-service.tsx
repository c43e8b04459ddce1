import { LAB_EMAIL, LAB_NAME } from "@/config/brand";

import { PolicyDocument, type PolicySection } from "./policy-document";
import { PricingTerms, TurnaroundTerms } from "./turnaround-terms";

const sections: PolicySection[] = [
  {
    title: "Acceptance of terms",
    body: <p>By creating an account or submitting a sample you agree to these terms.</p>,
  },
  {
    title: "Testing services and turnaround",
    body: (
      <>
        <TurnaroundTerms />
        <p>Turnaround starts when the sample reaches the laboratory in a testable condition.</p>
      </>
    ),
  },
  {
    title: "Sample requirements",
    body: (
      <p>
        Samples must be properly preserved and labelled. We may refuse or re-request a sample that arrives
        damaged, unlabelled or in insufficient quantity.
      </p>
    ),
  },
  {
    title: "Pricing and payment",
    body: <PricingTerms />,
  },
  {
    title: "Reports and liability",
    body: (
      <p>
        Results apply only to the samples tested. Our liability for any test is limited to the fee paid for
        it.
      </p>
    ),
  },
  {
    title: "Your account",
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
      title="Terms of Service"
      lastUpdated="January 2024"
      intro={`These terms govern the testing services and the customer portal of ${LAB_NAME}.`}
      sections={sections}
    />
  );
}
