import { useState } from "react";

import type { Sample } from "@lab/contracts";

import { useUser } from "@/lib/auth";

import { SampleProcessing } from "./sample-processing";
import { SubmitSampleForm } from "./submit-sample-form";

/** /submit-sample: the form, then the processing view of the new sample. */
export function SubmitSample() {
  const user = useUser();
  const [submitted, setSubmitted] = useState<Sample | null>(null);
  const [formKey, setFormKey] = useState(0);
  if (!user) return null;
  if (submitted) {
    return (
      <SampleProcessing
        submitted={submitted}
        onSubmitAnother={() => {
          setSubmitted(null);
          setFormKey((key) => key + 1);
        }}
      />
    );
  }
  return <SubmitSampleForm key={formKey} customerId={user.id} onSubmitted={setSubmitted} />;
}
