import {
  KYC_DOCUMENT_KINDS,
  KYC_MIN_AGE,
  KYC_PICTURE_MAX_BYTES,
  KYC_PICTURES,
  kycPicturesOf,
  kycSubmission,
  type KycPicture,
} from '@kl/contracts/kyc';
import { toPayeeName } from '@kl/contracts/verifier';
import { WITHDRAWAL_DAY_UTC_OFFSET_HOURS } from '@kl/contracts/withdrawal';
import { z } from 'zod';

/*
 * The identity documents' form (docs/decisions/057-know-your-customer.md) checked before anything is sent,
 * with the rules of contracts kycSubmission and the member's rules the server checks again (18 or older,
 * the registered payee name). Messages are catalogue codes or keys of the `kyc` texts.
 */

/** The picture types the server reads (by their bytes): what the file inputs offer. */
export const KYC_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const KYC_PICTURE_ACCEPT = KYC_PICTURE_TYPES.join(',');
/** The largest picture in whole megabytes, for the texts. */
export const KYC_PICTURE_MAX_MB = KYC_PICTURE_MAX_BYTES / (1024 * 1024);

const ALLOWED_TYPES: readonly string[] = KYC_PICTURE_TYPES;
/** Some pickers give no type: the name decides then (the server reads the bytes anyway). */
const ALLOWED_NAME = /\.(png|jpe?g|webp)$/i;

/** A picked picture and the address of its preview. */
export interface PickedPicture {
  file: File;
  previewUrl: string;
}

/** Why a picked file is refused at once, or null when it may be sent. */
export function pictureRefusal(file: File): 'PICTURE_TYPE_NOT_ALLOWED' | 'kyc.errors.pictureTooLarge' | null {
  const allowed = file.type === '' ? ALLOWED_NAME.test(file.name) : ALLOWED_TYPES.includes(file.type);
  if (!allowed) return 'PICTURE_TYPE_NOT_ALLOWED';
  if (file.size > KYC_PICTURE_MAX_BYTES) return 'kyc.errors.pictureTooLarge';
  return null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Today (YYYY-MM-DD) in Vietnam time, where the server counts a member's age. */
export function vietnamToday(now: Date = new Date()): string {
  const shifted = new Date(now.getTime() + WITHDRAWAL_DAY_UTC_OFFSET_HOURS * 3_600_000);
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** Whether someone born on `birthDate` (YYYY-MM-DD) is KYC_MIN_AGE or older on `today`. */
export function isOfAge(birthDate: string, today: string): boolean {
  const year = Number(birthDate.slice(0, 4));
  return `${year + KYC_MIN_AGE}${birthDate.slice(4)}` <= today;
}

/** `DD/MM/YYYY` of a YYYY-MM-DD date, as the site shows days. */
export const formatDay = (day: string) => day.split('-').reverse().join('/');

const picture = z.custom<PickedPicture | null>((value) => value === null || typeof value === 'object');

const { documentNumber, fullName, birthDate } = kycSubmission.shape;

/** The form's checks at `today`; with a registered payee name, the name must be it as banks write it. */
export function kycForm({ today, payeeName }: { today: string; payeeName: string | null }) {
  return z
    .object({
      documentKind: z.enum(KYC_DOCUMENT_KINDS),
      // Spaces left out and capitals, as the server reads it.
      documentNumber: z
        .string()
        .transform((value) => value.replace(/\s+/g, '').toUpperCase())
        .pipe(
          z
            .string()
            .min(1, 'kyc.errors.numberRequired')
            .refine((value) => documentNumber.safeParse(value).success, 'kyc.errors.numberFormat'),
        ),
      fullName: z
        .string()
        .trim()
        .min(1, 'kyc.errors.nameRequired')
        .refine((value) => fullName.safeParse(value).success, 'kyc.errors.nameLength')
        .refine(
          (value) => payeeName === null || toPayeeName(value) === toPayeeName(payeeName),
          'KYC_NAME_MISMATCH',
        ),
      birthDate: z
        .string()
        .min(1, 'kyc.errors.birthDateRequired')
        .refine((value) => birthDate.safeParse(value).success, 'kyc.errors.birthDateRequired')
        .refine((value) => value <= today, 'kyc.errors.birthDateFuture')
        .refine((value) => isOfAge(value, today), 'KYC_UNDER_AGE'),
      front: picture,
      back: picture,
      selfie: picture,
    })
    .superRefine((values, context) => {
      for (const name of kycPicturesOf(values.documentKind)) {
        if (values[name] === null) {
          context.addIssue({ code: 'custom', path: [name], message: `kyc.errors.pictureRequired.${name}` });
        }
      }
    });
}
export type KycFormValues = z.input<ReturnType<typeof kycForm>>;
export type KycFormOutput = z.output<ReturnType<typeof kycForm>>;

export const emptyKycForm = (): KycFormValues => ({
  documentKind: 'id_card',
  documentNumber: '',
  fullName: '',
  birthDate: '',
  front: null,
  back: null,
  selfie: null,
});

/** The fields a server refusal may name (`field` in its value). */
export const KYC_FORM_FIELDS = [
  'documentKind',
  'documentNumber',
  'fullName',
  'birthDate',
  ...KYC_PICTURES,
] as const;
export type KycFormField = (typeof KYC_FORM_FIELDS)[number];
export const isKycFormField = (value: unknown): value is KycFormField =>
  typeof value === 'string' && (KYC_FORM_FIELDS as readonly string[]).includes(value);

export const isKycPicture = (field: KycFormField): field is KycPicture =>
  (KYC_PICTURES as readonly string[]).includes(field);
