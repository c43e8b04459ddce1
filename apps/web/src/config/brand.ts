import { LAB_IDENTITY } from "@lab/contracts";

// Name and address come from the one lab identity the certificate of analysis prints too.
export const LAB_NAME = LAB_IDENTITY.name;
export const LAB_SHORT_NAME = "AquaTest";
export const LAB_EMAIL = "info@aquatest-lab.example";
export const LAB_CAREERS_EMAIL = "careers@aquatest-lab.example";
export const LAB_PHONE = "+91 44 4000 1234";
export const LAB_ADDRESS = LAB_IDENTITY.address;
