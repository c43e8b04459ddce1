import { lazy, Suspense, useEffect, useRef, useState } from "react";

const ContactForm = lazy(() => import("./contact-form").then((module) => ({ default: module.ContactForm })));

// Roughly the form's height, so nothing jumps when it arrives (phone: one column; wider: two).
const placeholder = (
  <div aria-hidden="true" className="h-[37rem] rounded-xl border border-slate-200 bg-white sm:h-[25rem]" />
);

/**
 * The contact form, fetched once the contact section comes near the screen: it sits far below the
 * sign-in card, and /login's initial JS has a bar of 120 KB gzip (docs/architecture.md).
 */
export function DeferredContactForm() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={ref} className="min-w-0">
      {near ? (
        <Suspense fallback={placeholder}>
          <ContactForm />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
