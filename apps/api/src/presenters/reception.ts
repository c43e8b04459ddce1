import type { ReceptionLookup } from "@lab/contracts";

import type { ReceptionView } from "../domain/field/reception";
import { presentCollection, presentReception } from "./collection";

/** GET and POST /lab/reception/{code}: the sample, what the agent recorded and reception's decision. */
export function presentReceptionLookup(view: ReceptionView): ReceptionLookup {
  return {
    sampleId: view.sample.id,
    status: view.sample.status,
    container: view.container,
    customer: view.customerName,
    category: view.sample.shrimpCategory,
    tests: view.sample.testTypes,
    collection: view.collection === null ? null : presentCollection(view.collection),
    reception: view.reception === null ? null : presentReception(view.reception),
  };
}
