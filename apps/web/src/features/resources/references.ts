import type { Reference } from './citations.tsx';

/*
 * The works the guides cite, each checked against the published record (title, authors,
 * journal, year, volume, pages or article number, DOI). Where a detail could not be confirmed
 * it is left out: the ACMG statement's volume, the DOI of ACOG Committee Opinion 690.
 */

export const LEWIS_2020: Reference = {
  key: 'lewis2020',
  authors: 'Lewis CM, Vassos E',
  year: 2020,
  title: 'Polygenic risk scores: from research tools to clinical instruments',
  journal: 'Genome Medicine',
  details: '12:44',
  doi: '10.1186/s13073-020-00742-5',
};

export const WRAY_2010: Reference = {
  key: 'wray2010',
  authors: 'Wray NR, Yang J, Goddard ME, Visscher PM',
  year: 2010,
  title: 'The genetic interpretation of area under the ROC curve in genomic profiling',
  journal: 'PLoS Genetics',
  details: '6(2):e1000864',
  doi: '10.1371/journal.pgen.1000864',
};

export const RICHARDS_2015: Reference = {
  key: 'richards2015',
  authors: 'Richards S, Aziz N, Bale S, et al.',
  year: 2015,
  title:
    'Standards and guidelines for the interpretation of sequence variants: a joint consensus ' +
    'recommendation of the American College of Medical Genetics and Genomics and the ' +
    'Association for Molecular Pathology',
  journal: 'Genetics in Medicine',
  details: '17(5):405–424',
  doi: '10.1038/gim.2015.30',
};

export const GREGG_2021: Reference = {
  key: 'gregg2021',
  authors: 'Gregg AR, Aarabi M, Klugman S, et al.',
  year: 2021,
  title:
    'Screening for autosomal recessive and X-linked conditions during pregnancy and ' +
    'preconception: a practice resource of the American College of Medical Genetics and ' +
    'Genomics (ACMG)',
  journal: 'Genetics in Medicine',
  details: '23(10):1793–1806',
  doi: '10.1038/s41436-021-01203-z',
};

export const ACOG_690: Reference = {
  key: 'acog690',
  authors: 'American College of Obstetricians and Gynecologists, Committee on Genetics',
  year: 2017,
  title: 'Committee Opinion No. 690: Carrier screening in the age of genomic medicine',
  journal: 'Obstetrics & Gynecology',
  details: '129(3):e35–e40',
};

export const ACOG_691: Reference = {
  key: 'acog691',
  authors: 'American College of Obstetricians and Gynecologists, Committee on Genetics',
  year: 2017,
  title: 'Committee Opinion No. 691: Carrier screening for genetic conditions',
  journal: 'Obstetrics & Gynecology',
  details: '129(3):e41–e55',
  doi: '10.1097/AOG.0000000000001952',
};

export const MARTIN_2019: Reference = {
  key: 'martin2019',
  authors: 'Martin AR, Kanai M, Kamatani Y, Okada Y, Neale BM, Daly MJ',
  year: 2019,
  title: 'Clinical use of current polygenic risk scores may exacerbate health disparities',
  journal: 'Nature Genetics',
  details: '51(4):584–591',
  doi: '10.1038/s41588-019-0379-x',
};

export const KOKKALI_2020: Reference = {
  key: 'kokkali2020',
  authors:
    'ESHRE PGT Consortium and SIG-Embryology Biopsy Working Group: Kokkali G, Coticchio G, ' +
    'Bronet F, et al.',
  year: 2020,
  title:
    'ESHRE PGT Consortium and SIG Embryology good practice recommendations for polar body and ' +
    'embryo biopsy for PGT',
  journal: 'Human Reproduction Open',
  details: '2020(3):hoaa020',
  doi: '10.1093/hropen/hoaa020',
};

export const KUMAR_2022: Reference = {
  key: 'kumar2022',
  authors: 'Kumar A, Im K, Banjevic M, et al.',
  year: 2022,
  title: 'Whole-genome risk prediction of common diseases in human preimplantation embryos',
  journal: 'Nature Medicine',
  details: '28(3):513–516',
  doi: '10.1038/s41591-022-01735-0',
};

export const CAPALBO_2024: Reference = {
  key: 'capalbo2024',
  authors: 'Capalbo A, de Wert G, Mertes H, et al.',
  year: 2024,
  title:
    'Screening embryos for polygenic disease risk: a review of epidemiological, clinical, and ' +
    'ethical considerations',
  journal: 'Human Reproduction Update',
  details: '30(5):529–557',
  doi: '10.1093/humupd/dmae012',
};

export const LENCZ_2021: Reference = {
  key: 'lencz2021',
  authors:
    'Lencz T, Backenroth D, Granot-Hershkovitz E, Green A, Gettler K, Cho JH, Weissbrod O, ' +
    'Zuk O, Carmi S',
  year: 2021,
  title: 'Utility of polygenic embryo screening for disease depends on the selection strategy',
  journal: 'eLife',
  details: '10:e64716',
  doi: '10.7554/eLife.64716',
};

export const KARAVANI_2019: Reference = {
  key: 'karavani2019',
  authors: 'Karavani E, Zuk O, Zeevi D, et al.',
  year: 2019,
  title: 'Screening human embryos for polygenic traits has limited utility',
  journal: 'Cell',
  details: '179(6):1424–1435.e8',
  doi: '10.1016/j.cell.2019.10.033',
};

export const TURLEY_2021: Reference = {
  key: 'turley2021',
  authors: 'Turley P, Meyer MN, Wang N, et al.',
  year: 2021,
  title: 'Problems with using polygenic scores to select embryos',
  journal: 'New England Journal of Medicine',
  details: '385(1):78–86',
  doi: '10.1056/NEJMsr2105065',
};

export const FORZANO_2022: Reference = {
  key: 'forzano2022',
  authors: 'Forzano F, Antonova O, Clarke A, et al.',
  year: 2022,
  title:
    'The use of polygenic risk scores in pre-implantation genetic testing: an unproven, ' +
    'unethical practice',
  journal: 'European Journal of Human Genetics',
  details: '30(5):493–495',
  doi: '10.1038/s41431-021-01000-x',
};

export const GREBE_2024: Reference = {
  key: 'grebe2024',
  authors:
    'Grebe TA, Khushf G, Greally JM, et al.; ACMG Social, Ethical, and Legal Issues Committee',
  year: 2024,
  title:
    'Clinical utility of polygenic risk scores for embryo selection: a points to consider ' +
    'statement of the American College of Medical Genetics and Genomics (ACMG)',
  journal: 'Genetics in Medicine',
  details: 'article 101052',
  doi: '10.1016/j.gim.2023.101052',
};
