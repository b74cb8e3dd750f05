/**
 * Nepal's 7 provinces and 77 districts, as set by the Constitution of Nepal (2015) and the 2017 local-level
 * restructuring (Nawalparasi and Rukum each split in two). Source: Government of Nepal, Ministry of Federal
 * Affairs and General Administration, list of districts by province (English names as the ministry spells
 * them, with the common short names for the two split Nawalparasi districts). Koshi was "Province No. 1"
 * until it was named in 2023. Update here if a district is added or renamed, and nowhere else.
 */
export const NEPAL_PROVINCES = [
  {
    name: "Koshi",
    districts: ["Bhojpur", "Dhankuta", "Ilam", "Jhapa", "Khotang", "Morang", "Okhaldhunga", "Panchthar", "Sankhuwasabha", "Solukhumbu", "Sunsari", "Taplejung", "Terhathum", "Udayapur"],
  },
  { name: "Madhesh", districts: ["Bara", "Dhanusha", "Mahottari", "Parsa", "Rautahat", "Saptari", "Sarlahi", "Siraha"] },
  {
    name: "Bagmati",
    districts: ["Bhaktapur", "Chitwan", "Dhading", "Dolakha", "Kathmandu", "Kavrepalanchok", "Lalitpur", "Makwanpur", "Nuwakot", "Ramechhap", "Rasuwa", "Sindhuli", "Sindhupalchok"],
  },
  { name: "Gandaki", districts: ["Baglung", "Gorkha", "Kaski", "Lamjung", "Manang", "Mustang", "Myagdi", "Nawalpur", "Parbat", "Syangja", "Tanahun"] },
  { name: "Lumbini", districts: ["Arghakhanchi", "Banke", "Bardiya", "Dang", "Gulmi", "Kapilvastu", "Palpa", "Parasi", "Pyuthan", "Rolpa", "Rukum East", "Rupandehi"] },
  { name: "Karnali", districts: ["Dailekh", "Dolpa", "Humla", "Jajarkot", "Jumla", "Kalikot", "Mugu", "Rukum West", "Salyan", "Surkhet"] },
  { name: "Sudurpashchim", districts: ["Achham", "Baitadi", "Bajhang", "Bajura", "Dadeldhura", "Darchula", "Doti", "Kailali", "Kanchanpur"] },
] as const;

export type NepalProvince = (typeof NEPAL_PROVINCES)[number]["name"];
export type NepalDistrict = (typeof NEPAL_PROVINCES)[number]["districts"][number];

export const PROVINCE_NAMES: readonly NepalProvince[] = NEPAL_PROVINCES.map((p) => p.name);

const PROVINCE_OF = new Map<string, NepalProvince>(NEPAL_PROVINCES.flatMap((p) => p.districts.map((d) => [d.toLowerCase(), p.name] as const)));
const DISTRICT_NAME = new Map<string, NepalDistrict>(NEPAL_PROVINCES.flatMap((p) => p.districts.map((d) => [d.toLowerCase(), d] as const)));

/** The district's own spelling for a name given in any letter case, or null when Nepal has no such district. */
export function findDistrict(name: string | null | undefined): NepalDistrict | null {
  return name ? (DISTRICT_NAME.get(name.trim().toLowerCase()) ?? null) : null;
}

/** The province a district belongs to, or null for an unknown district. */
export function provinceOfDistrict(district: string | null | undefined): NepalProvince | null {
  return district ? (PROVINCE_OF.get(district.trim().toLowerCase()) ?? null) : null;
}

export function districtsOf(province: string | null | undefined): readonly NepalDistrict[] {
  return NEPAL_PROVINCES.find((p) => p.name === province)?.districts ?? [];
}

/** The three districts of the Kathmandu Valley, which pay the valley shipping fee. */
export const KATHMANDU_VALLEY_DISTRICTS: readonly NepalDistrict[] = ["Kathmandu", "Lalitpur", "Bhaktapur"];
