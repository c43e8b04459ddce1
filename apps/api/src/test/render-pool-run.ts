// Run by render-pool.test.ts under tsx (as the API runs): renders N certificates at once through the
// process's worker pool and prints them as JSON (base64).
import { createProcessRenderPool } from "../pdf/render-pool";
import { coaInput } from "./coa-fixture";

const count = Number(process.argv[2] ?? 4);
const pool = createProcessRenderPool();
const pdfs = pool
  ? await Promise.all(
      Array.from({ length: count }, (_, index) =>
        pool.render(coaInput({ markets: index % 2 === 0 ? ["EU", "US", "JP"] : ["EU", "US", "JP", "CN"] })),
      ),
    )
  : [];
await pool?.close();
console.log(JSON.stringify({ pool: pool !== null, pdfs: pdfs.map((pdf) => pdf.toString("base64")) }));
