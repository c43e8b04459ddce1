import { Bug, Droplets, FlaskConical, Microscope, Palette, Pill } from "lucide-react";
import type { ReactNode } from "react";

const services: { title: string; description: string; icon: ReactNode }[] = [
  {
    title: "Antibiotic Residues",
    description:
      "Screening and confirmation of chloramphenicol, nitrofurans, tetracyclines and other residues.",
    icon: <Pill aria-hidden="true" className="h-6 w-6" />,
  },
  {
    title: "Illegal Dyes",
    description: "Detection of malachite green, crystal violet and related dyes banned in aquaculture.",
    icon: <Palette aria-hidden="true" className="h-6 w-6" />,
  },
  {
    title: "Water Quality",
    description:
      "pH, dissolved oxygen, ammonia, nitrite, alkalinity and hardness of pond and hatchery water.",
    icon: <Droplets aria-hidden="true" className="h-6 w-6" />,
  },
  {
    title: "Sodium Level",
    description: "Sodium and salt content of shrimp and processed products against buyer specifications.",
    icon: <FlaskConical aria-hidden="true" className="h-6 w-6" />,
  },
  {
    title: "Shrimp Disease",
    description: "PCR screening for WSSV, EHP, IHHNV, AHPND and other pathogens that threaten a crop.",
    icon: <Bug aria-hidden="true" className="h-6 w-6" />,
  },
  {
    title: "Microbiological Content",
    description: "Total plate count, E. coli, Salmonella, Vibrio and Listeria for food safety compliance.",
    icon: <Microscope aria-hidden="true" className="h-6 w-6" />,
  },
];

export function ServicesSection() {
  return (
    <section id="services" aria-labelledby="services-title" className="bg-white py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <h2 id="services-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Our testing services
          </h2>
          <p className="mt-2 text-slate-700">
            Six test areas cover what buyers, regulators and farm managers ask for. Standard testing takes 3-5
            business days.
          </p>
        </div>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.title} className="rounded-xl border border-slate-200 bg-slate-50 p-5">
              <span className="inline-flex rounded-lg bg-teal-100 p-2 text-teal-800">{service.icon}</span>
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{service.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{service.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
