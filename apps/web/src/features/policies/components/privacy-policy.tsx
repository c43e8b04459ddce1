/* eslint-disable i18next/no-literal-string -- legal text stays English (docs/i18n.md): PolicyDocument
   marks it lang="en" and tells a reader of another language so, in their language. */
import { LAB_EMAIL, LAB_NAME } from "@/config/brand";

import { PolicyDocument, type PolicySection } from "./policy-document";
import { TurnaroundTerms } from "./turnaround-terms";

const sections: PolicySection[] = [
  {
    title: "pages.privacy.collect.title",
    body: (
      <>
        <p>When you create an account or submit samples we collect:</p>
        <ul>
          <li>Your name, e-mail address, company, phone number and address.</li>
          <li>
            Details of your sample providers (farmers and agents), including their phone numbers and
            locations.
          </li>
          <li>Sample details, test requests, results and reports.</li>
        </ul>
      </>
    ),
  },
  {
    title: "pages.privacy.use.title",
    body: (
      <ul>
        <li>
          To collect, test and report on your samples, and to send you verification codes and notifications.
        </li>
        <li>
          To contact you or your sample providers about a sample; contact details are used only for urgent
          communications about it.
        </li>
        <li>To meet the record-keeping duties of an ISO 17025 accredited laboratory.</li>
      </ul>
    ),
  },
  {
    title: "pages.privacy.processing.title",
    body: (
      <>
        <p>We keep your data for as long as your samples are being processed:</p>
        <TurnaroundTerms />
      </>
    ),
  },
  {
    title: "pages.privacy.sharing.title",
    body: (
      <p>
        We do not sell your data. Reports are shared only with you and with the recipients you choose. Anyone
        holding a report can confirm its certification number, which reveals no personal data.
      </p>
    ),
  },
  {
    title: "pages.privacy.security.title",
    body: (
      <p>
        Passwords are stored as one-way hashes, connections are encrypted and every request is limited to your
        own data. Sessions end automatically when they expire.
      </p>
    ),
  },
  {
    title: "pages.privacy.rights.title",
    body: (
      <p>
        You can view and correct your profile at any time. For any other request write to {LAB_NAME} at{" "}
        <a href={`mailto:${LAB_EMAIL}`} className="text-teal-800 underline">
          {LAB_EMAIL}
        </a>
        .
      </p>
    ),
  },
];

export function PrivacyPolicy() {
  return (
    <PolicyDocument
      title="pages.privacy.title"
      lastUpdated="2024-01-01"
      intro={`This policy explains how ${LAB_NAME} collects, uses and protects the information you give us when you use the customer portal.`}
      sections={sections}
    />
  );
}
