import { SiteFooter } from "@/components/layouts/site-footer";
import { AuthCard } from "@/features/auth/components/auth-card";
import { DeferredContactForm } from "@/features/enquiries/components/deferred-contact-form";
import { AboutSection } from "@/features/landing/components/about-section";
import { ContactSection } from "@/features/landing/components/contact-section";
import { HeroSection } from "@/features/landing/components/hero-section";
import { LandingHeader } from "@/features/landing/components/landing-header";
import { ServicesSection } from "@/features/landing/components/services-section";
import { useT } from "@/lib/i18n/use-t";

export default function LoginRoute() {
  const { t } = useT();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-teal-800 focus:shadow"
      >
        {t("common.skipToContent")}
      </a>
      <LandingHeader />
      <main id="main" className="flex-1">
        <HeroSection authCard={<AuthCard />} />
        <ServicesSection />
        <AboutSection />
        <ContactSection contactForm={<DeferredContactForm />} />
      </main>
      <SiteFooter />
    </div>
  );
}
