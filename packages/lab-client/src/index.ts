/*
 * The lab API's typed client (ADR 053): what a lab's pipeline imports. Its paths and schemas are
 * the contract's, the same the portal's server registers.
 */
export {
  createLabClient,
  LabApiError,
  type AdminOrder,
  type LabClient,
  type LabClientOptions,
  type OrderEventRequest,
  type RawFileAttached,
  type RawFileBody,
  type ReportPayload,
  type ReportReceipt,
} from './client.ts';
