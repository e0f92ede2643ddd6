/*
 * `npm run report:schema`: writes the lab's JSON Schema of report payloads. The file is
 * committed; a test fails when it differs from what the contract generates.
 */
import { writeFileSync } from 'node:fs';
import { REPORT_JSON_SCHEMA_PATH, reportJsonSchemaText } from './contract/report-json-schema.ts';

writeFileSync(REPORT_JSON_SCHEMA_PATH, reportJsonSchemaText());
console.log(`Wrote ${REPORT_JSON_SCHEMA_PATH}`);
