import smpp from "smpp";

/**
 * TRAI DLT's fields travel as vendor TLVs on every submit_sm. SMPP 3.4 leaves tags 0x1400–0x3FFF to
 * vendors, and Indian gateways use these three for DLT: the principal entity id, the content template id
 * and (optional) the telemarketer id, each an octet string of ASCII digits without a terminating NUL.
 * The smpp library knows TLVs by name, so they are registered with it once, for the client (the
 * channel) and the server (the test SMSC) alike.
 */
export const DLT_TLVS = {
  peId: { name: "pe_id", tag: 0x1400 },
  templateId: { name: "template_id", tag: 0x1401 },
  telemarketerId: { name: "telemarketer_id", tag: 0x1402 },
} as const;

for (const { name, tag } of Object.values(DLT_TLVS))
  smpp.addTLV(name, { id: tag, type: smpp.types.tlv.string });

export { smpp };
