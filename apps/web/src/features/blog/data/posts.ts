export const blogCategories = [
  "All Posts",
  "Disease Prevention",
  "Water Quality",
  "Food Safety",
  "Sustainability",
  "Technology",
] as const;
export type BlogCategory = Exclude<(typeof blogCategories)[number], "All Posts">;

export interface BlogPost {
  id: number;
  title: string;
  excerpt: string;
  content: string[];
  author: string;
  date: string;
  category: BlogCategory;
  readMinutes: number;
  image: "disease" | "water" | "safety" | "sustainability" | "technology";
  tags: string[];
}

export const blogPosts: BlogPost[] = [
  {
    id: 1,
    title: "Early Detection of White Spot Syndrome in Shrimp Farms",
    excerpt:
      "White Spot Syndrome Virus can wipe out a pond in days. Here is how routine PCR screening catches it before the crop is lost.",
    content: [
      "White Spot Syndrome Virus (WSSV) remains the most damaging disease of farmed shrimp. Infected animals may look healthy for days before mortality begins, which is why visual checks alone are not enough.",
      "PCR screening of post-larvae before stocking, and of a sample of animals every two weeks during grow-out, detects the virus at low loads. Combined with strict biosecurity at the pond gate, it gives farmers time to act.",
      "If a positive result comes back, isolate the pond, stop water exchange with neighbouring ponds and talk to your aquaculture advisor about emergency harvest options.",
    ],
    author: "Dr. Priya Raman",
    date: "2024-03-12",
    category: "Disease Prevention",
    readMinutes: 5,
    image: "disease",
    tags: ["WSSV", "PCR", "biosecurity"],
  },
  {
    id: 2,
    title: "Five Water Quality Parameters Every Shrimp Farmer Should Track",
    excerpt:
      "Dissolved oxygen, pH, ammonia, alkalinity and salinity decide how well your shrimp grow. Learn the safe ranges and how often to test.",
    content: [
      "Good water is the foundation of a healthy crop. Dissolved oxygen should stay above 4 mg/L, especially in the early morning when it is lowest.",
      "Keep pH between 7.5 and 8.5 with a daily swing of less than 0.5. Total ammonia nitrogen above 1 mg/L stresses shrimp; alkalinity of 100-150 mg/L buffers the pond.",
      "Test daily for oxygen and pH, and weekly in the laboratory for ammonia, nitrite, alkalinity and hardness to catch slow trends.",
    ],
    author: "Arun Kumar",
    date: "2024-02-20",
    category: "Water Quality",
    readMinutes: 4,
    image: "water",
    tags: ["dissolved oxygen", "pH", "ammonia"],
  },
  {
    id: 3,
    title: "Antibiotic Residues: Meeting Export Requirements",
    excerpt:
      "Importing countries test for chloramphenicol and nitrofurans at very low limits. A pre-shipment test protects your consignment.",
    content: [
      "Buyers in the EU, US and Japan apply strict limits for antibiotic residues in shrimp, and a single rejected container can cost more than a season of testing.",
      "Our LC-MS/MS methods detect chloramphenicol, nitrofuran metabolites and tetracyclines well below the required performance limits.",
      "Test raw material before processing and keep the certificate with the batch records: the certification number on each report can be checked by your buyer.",
    ],
    author: "Dr. Meena Iyer",
    date: "2024-01-28",
    category: "Food Safety",
    readMinutes: 6,
    image: "safety",
    tags: ["antibiotics", "export", "LC-MS/MS"],
  },
  {
    id: 4,
    title: "Sustainable Shrimp Farming Starts with Better Data",
    excerpt:
      "Regular testing reduces chemical use, improves survival and helps farms meet sustainability certifications.",
    content: [
      "Sustainability schemes ask farms to show that they use fewer chemicals, protect surrounding water and keep records of their practices.",
      "Routine water and disease testing lets farmers treat only when needed instead of preventively, cutting chemical use and cost.",
      "Keeping laboratory reports in one place also makes certification audits much faster.",
    ],
    author: "Lakshmi Narayanan",
    date: "2023-12-15",
    category: "Sustainability",
    readMinutes: 4,
    image: "sustainability",
    tags: ["certification", "environment", "records"],
  },
  {
    id: 5,
    title: "Tracking Samples in Real Time: How Our Portal Works",
    excerpt:
      "From submission to certificate, follow each sample as agents collect it and the laboratory tests it.",
    content: [
      "When you submit a sample in the portal, a field agent near you is assigned within 30 seconds and picks up the sample at the farm.",
      "You can follow each step live: agent assigned, testing in progress and testing complete, with a notification at every change.",
      "Completed reports carry a certification number and can be downloaded or e-mailed to your buyers directly from the portal.",
    ],
    author: "Rahul Menon",
    date: "2023-11-30",
    category: "Technology",
    readMinutes: 3,
    image: "technology",
    tags: ["portal", "tracking", "reports"],
  },
];
