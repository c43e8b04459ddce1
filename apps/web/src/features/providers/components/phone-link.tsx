/** A phone number as a tel: link, shown the way people write it. */
export function PhoneLink({ number }: { number: string }) {
  const dial = number.replace(/[^\d+]/g, "");
  return (
    <a
      href={`tel:${dial}`}
      className="font-medium text-slate-900 underline-offset-2 hover:text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700"
    >
      {number}
    </a>
  );
}
