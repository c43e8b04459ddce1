export const LAB_NAME = "AquaTest Laboratory";
export const LAB_SHORT_NAME = "AquaTest";
export const LAB_EMAIL = "info@aquatest-lab.example";
export const LAB_CAREERS_EMAIL = "careers@aquatest-lab.example";
export const LAB_PHONE = "+91 44 4000 1234";
export const LAB_ADDRESS = "Plot 12, Coastal Aquaculture Park, Chennai, Tamil Nadu, India";
