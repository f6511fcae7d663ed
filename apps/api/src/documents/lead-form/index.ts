export { LEAD_FORM, LEAD_FORM_FIELDS, LEAD_FORM_VERSION, PAGE, type LeadFormField, type LeadFormFieldSpec } from './layout.ts';
export { leadFormPdf, type FillStyle, type LeadFormOptions } from './lead-form.pdf.ts';
export { pdfPages, readLeadForm, scanPages, type LeadFormReading, type ReadField } from './read.ts';
export { LEAD_FORM_CONFIDENT } from './validate.ts';
