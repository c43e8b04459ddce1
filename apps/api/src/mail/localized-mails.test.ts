import { describe, expect, it } from "vitest";

import {
  emailChangedMail,
  passwordChangedMail,
  passwordResetCodeMail,
  reportRevokedMail,
} from "./account-mails";
import { sharedReportMail, type SharedReportMailInput } from "./shared-report-mail";
import { verificationCodeMail } from "./templates";

const verified = (fullName: string, language = "en") => ({
  email: "a@b.in",
  fullName,
  language,
  emailVerifiedAt: new Date(0),
});

// Mails in the recipient's language; the English ones word for word.
describe("account mails", () => {
  it("keeps the English texts exactly; a code mail names nobody", () => {
    expect(verificationCodeMail("a@b.in", "AB2CD3")).toMatchObject({
      subject: "Your verification code: AB2CD3",
      text: "Hello,\n\nYour verification code is: AB2CD3\n\nIt expires in 5 minutes and can be used once. If you did not ask for it, ignore this e-mail.\n\nAquaTest Laboratory customer portal",
    });
    expect(passwordResetCodeMail("a@b.in", "AB2CD3", "en")).toMatchObject({
      subject: "Your password reset code: AB2CD3",
      text: "Hello,\n\nYour code to reset your password is: AB2CD3\n\nIt expires in 5 minutes and can be used once. If you did not ask to reset your password, ignore this e-mail: your password stays as it is.\n\nAquaTest Laboratory customer portal",
    });
    expect(passwordChangedMail(verified("Ravi")).text).toContain(
      "If this was not you, reset your password now with 'Forgot password?' on the sign-in page, and tell the laboratory.",
    );
    expect(emailChangedMail({ ...verified("Ravi"), email: "old@b.in" }, "new@b.in").text).toContain(
      "The e-mail address of your AquaTest Laboratory account was changed from old@b.in to new@b.in, and every device was signed out.",
    );
  });

  it("greets by the account's name only at a verified address: the name is typed text", () => {
    expect(passwordChangedMail(verified("Ravi")).text).toMatch(/^Hello Ravi,\n/);
    const unproven = { ...verified("Your bank: account locked"), emailVerifiedAt: null };
    const revoked = reportRevokedMail(unproven, { sampleId: 12, certification: null, reason: "Mislabelled" });
    expect(revoked.text).toMatch(/^Hello,\n/);
    expect(revoked.text).not.toContain("Your bank");
    expect(revoked.html).not.toContain("Your bank");
  });

  it("writes each in the account's language, and an unknown stored language reads English", () => {
    const telugu = verificationCodeMail("a@b.in", "AB2CD3", "te");
    expect(telugu.subject).toBe("మీ ధృవీకరణ కోడ్: AB2CD3");
    expect(telugu.html).toContain('<div lang="te">');
    expect(passwordChangedMail(verified("रवि", "hi")).subject).toBe("आपका पासवर्ड बदल दिया गया");
    expect(emailChangedMail({ ...verified("রবি", "bn"), email: "old@b.in" }, "new@b.in").text).toContain(
      "old@b.in থেকে বদলে new@b.in",
    );
    expect(passwordChangedMail(verified("Ravi", "xx")).subject).toBe("Your password was changed");
    expect(
      reportRevokedMail(verified("Ravi"), {
        sampleId: 12,
        certification: "NSP-CERT-2026-001",
        reason: "Mislabelled",
      }).text,
    ).toContain("The laboratory revoked the report for sample #12 (NSP-CERT-2026-001): Mislabelled");
  });
});

describe("shared-report mail", () => {
  const input = (language: string): SharedReportMailInput => ({
    to: "buyer@example.com",
    customer: { id: 1, fullName: "Meena Rao", email: "meena@example.in", language },
    samples: [
      {
        id: 7,
        shrimpCategory: "Tiger Shrimp",
        status: "COMPLETED",
        report: { id: 3, certification: "NSP-CERT-2026-007", revoked: false },
      },
      {
        id: 8,
        shrimpCategory: "Tiger Shrimp",
        status: "COMPLETED",
        report: { id: 4, certification: null, revoked: true },
      },
      { id: 9, shrimpCategory: "Tiger Shrimp", status: "TESTING", report: null },
    ],
    attachments: [],
    unsubscribe: {
      oneClick: "https://lab.example/api/mail/unsubscribe?e=x&s=y",
      page: "https://lab.example/unsubscribe?e=x&s=y",
    },
    publicUrl: "https://lab.example",
    queuedAt: new Date(0),
  });

  it("is the lab's template in English for an English sharer: fixed subject, the name marked as given, no company", () => {
    const mail = sharedReportMail(input("en"));
    expect(mail.subject).toBe("Sample reports shared with you — AquaTest Laboratory");
    expect(mail.replyTo).toBe("meena@example.in");
    expect(mail.text).toBe(
      [
        "Hello,",
        "",
        "A customer of AquaTest Laboratory shared sample reports with you through the laboratory's customer portal. The customer gave their name as “Meena Rao”; the laboratory has verified only their account's e-mail address, meena@example.in.",
        "",
        "Samples:",
        "- Sample #7: Tiger Shrimp, COMPLETED, NSP-CERT-2026-007",
        "- Sample #8: Tiger Shrimp, COMPLETED, report 4 (revoked: no longer valid)",
        "- Sample #9: Tiger Shrimp, TESTING",
        "",
        "Check any certificate number at https://lab.example/verify",
        "",
        "Reply to this e-mail to answer the customer at meena@example.in.",
        "",
        "--",
        "AquaTest Laboratory",
        "You receive this because a customer of AquaTest Laboratory (meena@example.in) entered your address on a sample sent to the laboratory.",
        "To receive no more reports shared through the portal, unsubscribe: https://lab.example/unsubscribe?e=x&s=y",
      ].join("\n"),
    );
    expect(mail.html).toContain(
      "<p>A customer of AquaTest Laboratory shared sample reports with you through the laboratory&#39;s customer portal. The customer gave their name as “Meena Rao”; the laboratory has verified only their account&#39;s e-mail address, meena@example.in.</p>",
    );
    expect(mail.html).toContain(
      'Check any certificate number at <a href="https://lab.example/verify">https://lab.example/verify</a>',
    );
  });

  it("keeps a hostile name out of the subject and flattens it to one marked line in the body", () => {
    const mail = sharedReportMail({
      ...input("en"),
      customer: {
        id: 1,
        fullName: "Your bank:\naccount locked,\u202E call 0800",
        email: "meena@example.in",
        language: "en",
      },
    });
    expect(mail.subject).toBe("Sample reports shared with you — AquaTest Laboratory");
    expect(mail.text).toContain("gave their name as “Your bank: account locked, call 0800”");
    expect(mail.text).not.toContain("\u202E");
  });

  it("is in the sharer's language with the English after each paragraph", () => {
    const mail = sharedReportMail(input("hi"));
    expect(mail.subject).toBe(
      "आपके साथ साझा की गई नमूना रिपोर्ट — AquaTest Laboratory / Sample reports shared with you — AquaTest Laboratory",
    );
    expect(mail.text).toContain("ग्राहक ने अपना नाम “Meena Rao” बताया है");
    expect(mail.text).toContain("नमस्ते,\nHello,\n");
    // Names from the domain catalogue, not the stored English.
    expect(mail.text).not.toContain("- नमूना #8: Tiger Shrimp, COMPLETED");
    expect(mail.text).toContain("- नमूना #8: ");
    expect(mail.text).toContain(
      "(रद्द: अब मान्य नहीं)\n- Sample #8: Tiger Shrimp, COMPLETED, report 4 (revoked: no longer valid)",
    );
    expect(mail.text).toContain(
      "कोई भी प्रमाणपत्र संख्या https://lab.example/verify पर जाँचें\nCheck any certificate number at https://lab.example/verify",
    );
    expect(mail.html).toContain('<div lang="hi">');
    expect(mail.html).toContain('<p lang="en">Hello,</p>');
  });
});
