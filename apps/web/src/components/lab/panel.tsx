import type { ReactNode } from "react";

import { Card, CardBody } from "@/components/ui/card";

/** One titled card of a console page (the sample page is a column of them). */
export function Panel({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Card>
      <CardBody className="space-y-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </CardBody>
    </Card>
  );
}
