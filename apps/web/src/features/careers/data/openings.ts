export interface JobOpening {
  id: string;
  title: string;
  department: string;
  location: string;
  type: string;
  experience: string;
  salary: string;
  description: string;
  requirements: string[];
  responsibilities: string[];
}

export const jobOpenings: JobOpening[] = [
  {
    id: "senior-marine-biologist",
    title: "Senior Marine Biologist",
    department: "Research & Diagnostics",
    location: "Chennai, Tamil Nadu",
    type: "Full-time",
    experience: "5+ years",
    salary: "₹9-14 LPA",
    description:
      "Lead disease diagnostics for shrimp and advise farms on biosecurity, from hatchery screening to grow-out health programmes.",
    requirements: [
      "M.Sc. or Ph.D. in Marine Biology, Aquaculture or Fisheries Science",
      "Hands-on experience with PCR diagnostics for WSSV, EHP and AHPND",
      "Knowledge of ISO 17025 quality systems",
    ],
    responsibilities: [
      "Design and validate diagnostic methods",
      "Review and sign disease screening reports",
      "Train technicians and support farm advisory visits",
    ],
  },
  {
    id: "laboratory-technician",
    title: "Laboratory Technician",
    department: "Laboratory Operations",
    location: "Chennai, Tamil Nadu",
    type: "Full-time",
    experience: "1-3 years",
    salary: "₹3-5 LPA",
    description:
      "Prepare and analyse shrimp and water samples for residues, microbiology and water quality under our accredited methods.",
    requirements: [
      "B.Sc. or Diploma in Microbiology, Chemistry or Biotechnology",
      "Careful, methodical work and good record keeping",
      "Experience with HPLC or LC-MS/MS is an advantage",
    ],
    responsibilities: [
      "Receive, log and prepare samples",
      "Run tests according to standard operating procedures",
      "Maintain and calibrate laboratory equipment",
    ],
  },
  {
    id: "quality-assurance-manager",
    title: "Quality Assurance Manager",
    department: "Quality",
    location: "Chennai, Tamil Nadu",
    type: "Full-time",
    experience: "7+ years",
    salary: "₹12-18 LPA",
    description:
      "Own our ISO 17025 quality management system, audits and proficiency testing so every certificate we issue can be trusted.",
    requirements: [
      "Degree in a life science or chemistry discipline",
      "Experience running ISO 17025 accreditation and audits",
      "Strong documentation and communication skills",
    ],
    responsibilities: [
      "Maintain the quality manual and procedures",
      "Plan internal audits and proficiency tests",
      "Handle customer complaints and corrective actions",
    ],
  },
  {
    id: "business-development-executive",
    title: "Business Development Executive",
    department: "Sales",
    location: "Andhra Pradesh (field based)",
    type: "Full-time",
    experience: "2+ years",
    salary: "₹4-7 LPA + incentives",
    description:
      "Grow our client base among shrimp farmers, processors and exporters along the east coast and help them use the portal.",
    requirements: [
      "Graduate in any discipline; aquaculture background preferred",
      "Experience selling to farms, hatcheries or seafood processors",
      "Fluent in English and Telugu; two-wheeler and licence",
    ],
    responsibilities: [
      "Visit farms and processing units to present our services",
      "Onboard new clients to the customer portal",
      "Coordinate with field agents and the lab on client needs",
    ],
  },
];
