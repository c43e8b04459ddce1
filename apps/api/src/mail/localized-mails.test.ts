import { describe, expect, it } from "vitest";

import {
  emailChangedMail,
  passwordChangedMail,
  passwordResetCodeMail,
  reportRevokedMail,
} from "./account-mails";
import { sharedReportMail, type SharedReportMailInput } from "./shared-report-mail";
import { verificationCodeMail } from "./templates";

// Issue 17: mails in the recipient's language; the English ones word for word as before.
describe("account mails", () => {
  it("keeps the English texts exactly", () => {
    expect(verificationCodeMail("a@b.in", "Ravi", "AB2CD3")).toMatchObject({
      subject: "Your verification code: AB2CD3",
      text: "Hello Ravi,\n\nYour verification code is: AB2CD3\n\nIt expires in 5 minutes and can be used once. If you did not ask for it, ignore this e-mail.\n\nAquaTest Laboratory customer portal",
    });
    expect(passwordResetCodeMail("a@b.in", "Ravi", "AB2CD3", "en")).toMatchObject({
      subject: "Your password reset code: AB2CD3",
      text: "Hello Ravi,\n\nYour code to reset your password is: AB2CD3\n\nIt expires in 5 minutes and can be used once. If you did not ask to reset your password, ignore this e-mail: your password stays as it is.\n\nAquaTest Laboratory customer portal",
    });
    expect(passwordChangedMail("a@b.in", "Ravi").text).toContain(
      "If this was not you, reset your password now with 'Forgot password?' on the sign-in page, and tell the laboratory.",
    );
    expect(emailChangedMail("old@b.in", "Ravi", "new@b.in").text).toContain(
      "The e-mail address of your AquaTest Laboratory account was changed from old@b.in to new@b.in, and every device was signed out.",
    );
  });

  it("writes each in the account's language, and an unknown stored language reads English", () => {
    const telugu = verificationCodeMail("a@b.in", "రవి", "AB2CD3", "te");
    expect(telugu.subject).toBe("మీ ధృవీకరణ కోడ్: AB2CD3");
    expect(telugu.html).toContain('<div lang="te">');
    expect(passwordChangedMail("a@b.in", "रवि", "hi").subject).toBe("आपका पासवर्ड बदल दिया गया");
    expect(emailChangedMail("old@b.in", "রবি", "new@b.in", "bn").text).toContain(
      "old@b.in থেকে বদলে new@b.in",
    );
    expect(passwordChangedMail("a@b.in", "Ravi", "xx").subject).toBe("Your password was changed");
    expect(
      reportRevokedMail(
        { email: "a@b.in", fullName: "Ravi", language: "en" },
        { sampleId: 12, certification: "NSP-CERT-2026-001", reason: "Mislabelled" },
      ).text,
    ).toContain("The laboratory revoked the report for sample #12 (NSP-CERT-2026-001): Mislabelled");
  });
});

describe("shared-report mail", () => {
  const input = (language: string): SharedReportMailInput => ({
    to: "buyer@example.com",
    customer: { id: 1, fullName: "Meena Rao", company: "Rao Aqua", email: "meena@example.in", language },
    note: { subject: "", message: "Results are in." },
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

  it("is English only, as before, for an English sharer", () => {
    const mail = sharedReportMail(input("en"));
    expect(mail.subject).toBe("Meena Rao (Rao Aqua) shared sample reports with you — AquaTest Laboratory");
    expect(mail.text).toBe(
      [
        "Hello,",
        "",
        "Meena Rao (Rao Aqua) shared sample reports with you through the AquaTest Laboratory customer portal.",
        "",
        "Their message (written by Meena Rao (Rao Aqua), not by the laboratory):",
        "",
        "> Results are in.",
        "",
        "Samples:",
        "- Sample #7: Tiger Shrimp, COMPLETED, NSP-CERT-2026-007",
        "- Sample #8: Tiger Shrimp, COMPLETED, report 4 (revoked: no longer valid)",
        "- Sample #9: Tiger Shrimp, TESTING",
        "",
        "Check any certificate number at https://lab.example/verify",
        "",
        "Reply to this e-mail to answer Meena Rao (Rao Aqua) at meena@example.in.",
        "",
        "--",
        "AquaTest Laboratory",
        "You receive this because Meena Rao (Rao Aqua) entered your address on a sample sent to AquaTest Laboratory.",
        "To receive no more reports shared through the portal, unsubscribe: https://lab.example/unsubscribe?e=x&s=y",
      ].join("\n"),
    );
    expect(mail.html).toContain(
      "<p><strong>Meena Rao (Rao Aqua)</strong> shared sample reports with you through the AquaTest Laboratory customer portal.</p>",
    );
    expect(mail.html).toContain(
      'Check any certificate number at <a href="https://lab.example/verify">https://lab.example/verify</a>',
    );
  });

  it("is in the sharer's language with the English after each paragraph", () => {
    const mail = sharedReportMail(input("hi"));
    expect(mail.subject).toBe(
      "Meena Rao (Rao Aqua) ने आपके साथ नमूना रिपोर्ट साझा की हैं — AquaTest Laboratory / Meena Rao (Rao Aqua) shared sample reports with you — AquaTest Laboratory",
    );
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
