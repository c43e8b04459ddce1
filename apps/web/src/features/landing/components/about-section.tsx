const stats = [
  { value: "ISO 17025", label: "Accredited laboratory" },
  { value: "15+", label: "Years of experience" },
  { value: "10,000+", label: "Samples tested" },
  { value: "500+", label: "Clients served" },
  { value: "24-48h", label: "Turnaround" },
  { value: "99.9%", label: "Accuracy" },
];

export function AboutSection() {
  return (
    <section
      id="about"
      aria-labelledby="about-title"
      className="bg-gradient-to-br from-teal-800 to-sky-900 py-16 text-white"
    >
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <div className="space-y-4">
          <h2 id="about-title" className="text-2xl font-bold sm:text-3xl">
            About our laboratory
          </h2>
          <p className="text-teal-50">
            For more than 15 years we have helped shrimp farmers, hatcheries, processors and exporters prove
            the quality of their product. Our ISO 17025 accredited laboratory combines validated methods,
            calibrated instruments and experienced analysts.
          </p>
          <p className="text-teal-50">
            Field agents collect samples at the farm, every step is tracked, and each report carries a
            certification number that buyers can check.
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-xl bg-white/10 p-4 ring-1 ring-white/20">
              <dt className="text-sm text-teal-50">{stat.label}</dt>
              <dd className="mt-1 text-2xl font-bold text-white">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
