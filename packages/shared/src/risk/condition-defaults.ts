import type { DiseaseCode } from '../catalogue/diseases.ts';

/*
 * Starting values for the risk calculator, per condition of the catalogue: the prevalence K
 * (lifetime risk where a figure exists), the variance in liability a polygenic score explains
 * (r², liability scale) and the heritability h² (liability scale, used only with the parents'
 * disease status). Each value carries a short citation; `approximate` is true where the number
 * is our rounding, a middle value of a published range, a conversion or our judgement, rather
 * than a figure the source states for this exact quantity. They are starting points, not a
 * clinical standard: a person (or lab staff) can replace every one of them.
 *
 * r² converted from an AUC uses Wray et al. (2010), PLoS Genet 6:e1000864, with the K below.
 * r² converted from an odds (or hazard) ratio per standard deviation of the score is the r² whose
 * liability-threshold model, at the K below, gives that logistic slope. Both conversions assume
 * a normal score and liability, so they are rough where one locus (HLA, APOE) weighs heavily.
 */

export interface SourcedValue {
  /** In (0, 1). */
  readonly value: number;
  /** Where the value comes from, and how, in one short sentence. */
  readonly source: string;
  /** True when the value is an approximation of what the source states. */
  readonly approximate: boolean;
}

export interface ConditionDefaults {
  readonly prevalence: SourcedValue;
  readonly r2: SourcedValue;
  readonly heritability: SourcedValue;
}

export const conditionDefaults: Readonly<Record<DiseaseCode, ConditionDefaults>> = {
  aud: {
    prevalence: {
      value: 0.291,
      source:
        'Lifetime DSM-5 alcohol use disorder in US adults, 29.1 % (Grant et al. 2015, JAMA Psychiatry 72:757, NESARC-III).',
      approximate: false,
    },
    r2: {
      value: 0.02,
      source:
        'Approximate: the cross-ancestry score of Zhou et al. 2023 (Nat Med) added only 0.15 % to the variance of AUDIT-P problem scores in UK Biobank; 0.02 on the liability scale of the disorder is our judgment, not a figure from the source.',
      approximate: true,
    },
    heritability: {
      value: 0.49,
      source:
        'Twin and adoption meta-analysis, 0.49 (Verhulst, Neale & Kendler 2015, Psychol Med 45:1061).',
      approximate: false,
    },
  },
  brc: {
    prevalence: {
      value: 0.13,
      source: 'Lifetime risk for US women, 12.9 %, about 1 in 8 (NCI SEER); rounded.',
      approximate: true,
    },
    r2: {
      value: 0.06,
      source:
        'Converted from the AUC of 0.630 of the 313-variant score (Mavaddat et al. 2019, Am J Hum Genet) at K = 0.13; its odds ratio of 1.61 per SD gives the same 0.06.',
      approximate: true,
    },
    heritability: {
      value: 0.31,
      source: 'Nordic twin study, 0.31 (Mucci et al. 2016, JAMA 315:68).',
      approximate: false,
    },
  },
  bmi: {
    prevalence: {
      value: 0.092,
      source:
        'Severe (class III) obesity in US adults, 9.2 % in 2017–2018 (Hales et al. 2020, NCHS Data Brief 360); a prevalence, not a lifetime risk.',
      approximate: false,
    },
    r2: {
      value: 0.085,
      source:
        'Approximate: the genome-wide score explains about 8.5 % of BMI’s variance (correlation 0.29; Khera et al. 2019, Cell 177:587); taking BMI itself as the liability of class III obesity carries the 8.5 % over.',
      approximate: true,
    },
    heritability: {
      value: 0.75,
      source:
        'Median twin heritability of BMI, 0.75 (Elks et al. 2012, Front Endocrinol 3:29); for BMI, not class III obesity itself.',
      approximate: true,
    },
  },
  prc: {
    prevalence: {
      value: 0.125,
      source:
        'Approximate: about 1 US man in 8 is diagnosed in his lifetime (American Cancer Society key statistics); 0.125 is that ratio.',
      approximate: true,
    },
    r2: {
      value: 0.06,
      source:
        'Converted from the pooled AUC of 0.63 of prostate cancer scores in men of European ancestry (Siltari et al. 2023, Clin Genitourin Cancer 21:316.e1, meta-analysis) at K = 0.125.',
      approximate: true,
    },
    heritability: {
      value: 0.57,
      source: 'Nordic twin study, 0.57 (Mucci et al. 2016, JAMA 315:68).',
      approximate: false,
    },
  },
  t2d: {
    prevalence: {
      value: 0.35,
      source:
        'Lifetime risk of diagnosed diabetes (all types) for people born in the US in 2000: 32.8 % (boys) and 38.5 % (girls) (Narayan et al. 2003, JAMA 290:1884); 0.35 is the rounded middle value.',
      approximate: true,
    },
    r2: {
      value: 0.08,
      source:
        'Approximate: Khera et al. 2018 (Nat Genet 50:1219) report an AUC of 0.73 for their genome-wide score only in a model that also holds age and sex, which does not convert to the score’s own r²; 0.08 is our judgment.',
      approximate: true,
    },
    heritability: {
      value: 0.72,
      source:
        'Type 2 diabetes in 34,166 twin pairs, 0.72 (Willemsen et al. 2015, Twin Res Hum Genet, DISCOTWIN).',
      approximate: false,
    },
  },
  cad: {
    prevalence: {
      value: 0.4,
      source:
        'Lifetime risk of coronary heart disease from age 40: 48.6 % (men) and about 1 in 3 (women) (Lloyd-Jones et al. 1999, Lancet 353:89, Framingham); 0.40 is the rounded middle value.',
      approximate: true,
    },
    r2: {
      value: 0.08,
      source:
        'Approximate: Khera et al. 2018 (Nat Genet 50:1219) report an AUC of 0.81 for their genome-wide score only in a model that also holds age and sex, which does not convert to the score’s own r²; 0.08 is our judgment.',
      approximate: true,
    },
    heritability: {
      value: 0.5,
      source:
        'Death from coronary heart disease in Swedish twins: 0.57 (men) and 0.38 (women) (Zdravkovic et al. 2002, J Intern Med 252:247); 0.5 is a rounded middle value.',
      approximate: true,
    },
  },
  afb: {
    prevalence: {
      value: 0.25,
      source:
        'Lifetime risk from age 40, 1 in 4: 26.0 % (men), 23.0 % (women) (Lloyd-Jones et al. 2004, Circulation 110:1042, Framingham).',
      approximate: false,
    },
    r2: {
      value: 0.07,
      source:
        'Approximate: Khera et al. 2018 (Nat Genet 50:1219) report an AUC of 0.77 for their genome-wide score only in a model that also holds age and sex, which does not convert to the score’s own r²; 0.07 is our judgment.',
      approximate: true,
    },
    heritability: {
      value: 0.62,
      source:
        'Danish twins, 0.62 (Christophersen et al. 2009, Circ Arrhythm Electrophysiol 2:378).',
      approximate: false,
    },
  },
  ibd: {
    prevalence: {
      value: 0.013,
      source:
        'US adults reporting a diagnosis of inflammatory bowel disease, 1.3 % (Dahlhamer et al. 2016, MMWR 65:1166); a prevalence, not a lifetime risk.',
      approximate: false,
    },
    r2: {
      value: 0.1,
      source:
        'Approximate: the known loci explain about 0.13 (Crohn’s disease) and 0.08 (ulcerative colitis) of the variance in liability (Jostins et al. 2012, Nature 491:119); 0.1 lies between.',
      approximate: true,
    },
    heritability: {
      value: 0.7,
      source:
        'Pooled twin studies: 0.75 (Crohn’s disease) and 0.67 (ulcerative colitis) (Gordon et al. 2015, Inflamm Bowel Dis); 0.7 is a rounded middle value.',
      approximate: true,
    },
  },
  ms: {
    prevalence: {
      value: 0.0031,
      source:
        'US adults with multiple sclerosis, 309.2 per 100,000 (2010 prevalence cumulated over 10 years; Wallin et al. 2019, Neurology 92:e1029); rounded, a prevalence, not a lifetime risk.',
      approximate: true,
    },
    r2: {
      value: 0.08,
      source:
        'Approximate: the 233 associations of the International MS Genetics Consortium (IMSGC 2019, Science 365:eaav7188) explain up to 48 % of the heritability; 0.08 is our judgment, not a figure from the source.',
      approximate: true,
    },
    heritability: {
      value: 0.64,
      source: 'Swedish twins, 0.64 (Westerlind et al. 2014, Brain 137:770).',
      approximate: false,
    },
  },
  scz: {
    prevalence: {
      value: 0.01,
      source:
        'Lifetime risk of 1 %, the value the Psychiatric Genomics Consortium uses for the liability scale (PGC 2014, Nature 511:421); McGrath et al. 2008 (Epidemiol Rev 30:67) give a lifetime morbid risk of 0.72 %.',
      approximate: false,
    },
    r2: {
      value: 0.07,
      source:
        'About 7 % of the variance in liability, at a lifetime risk of 1 % (Schizophrenia Working Group of the PGC 2014, Nature 511:421).',
      approximate: false,
    },
    heritability: {
      value: 0.81,
      source:
        'Twin meta-analysis, 0.81 (Sullivan, Kendler & Neale 2003, Arch Gen Psychiatry 60:1187).',
      approximate: false,
    },
  },
  isc: {
    prevalence: {
      value: 0.18,
      source:
        'Global lifetime risk of ischemic stroke from age 25, 18.3 % (GBD 2016 Lifetime Risk of Stroke Collaborators 2018, NEJM 379:2429); rounded.',
      approximate: true,
    },
    r2: {
      value: 0.02,
      source:
        'Converted from the metaGRS hazard ratio of 1.26 per SD (Abraham et al. 2019, Nat Commun 10:5819), taken as an odds ratio at K = 0.18 (0.017), rounded.',
      approximate: true,
    },
    heritability: {
      value: 0.38,
      source:
        'SNP heritability of ischemic stroke, 37.9 % (Bevan et al. 2012, Stroke 43:3161): a lower bound of the total, rounded.',
      approximate: true,
    },
  },
  alz: {
    prevalence: {
      value: 0.15,
      source:
        'Lifetime risk of dementia or Alzheimer’s disease from age 45: 1 in 5 (women) and 1 in 10 (men) (Chêne et al. 2015, Alzheimers Dement 11:310, Framingham); 0.15 is the middle value.',
      approximate: true,
    },
    r2: {
      value: 0.1,
      source:
        'Approximate: scores with APOE reach AUCs up to 0.84 in selected case–control samples (Baker & Escott-Price 2020, Front Digit Health 2:14), which would convert to far more; 0.1 is our cautious judgment, not a figure from the source.',
      approximate: true,
    },
    heritability: {
      value: 0.7,
      source:
        'Swedish twins, 0.58 (full model) to 0.79 (best-fitting model) (Gatz et al. 2006, Arch Gen Psychiatry 63:168); 0.7 is a rounded middle value.',
      approximate: true,
    },
  },
  t1d: {
    prevalence: {
      value: 0.005,
      source:
        'US adults with diagnosed type 1 diabetes, 0.5 % (Xu et al. 2018, BMJ 362:k1497); a prevalence, not a lifetime risk.',
      approximate: false,
    },
    r2: {
      value: 0.38,
      source:
        'Converted from the AUC of 0.92 of the type 1 diabetes genetic risk score GRS2 (Sharp et al. 2019, Diabetes Care) at K = 0.005; rough, as HLA weighs heavily in it.',
      approximate: true,
    },
    heritability: {
      value: 0.88,
      source: 'Finnish twins, 0.88 (Hyttinen et al. 2003, Diabetes 52:1052).',
      approximate: false,
    },
  },
  bipolar: {
    prevalence: {
      value: 0.02,
      source:
        'US lifetime prevalence of bipolar I (1.0 %) and II (1.1 %) disorder (Merikangas et al. 2007, Arch Gen Psychiatry 64:543); rounded.',
      approximate: true,
    },
    r2: {
      value: 0.046,
      source:
        'About 4.57 % of the variance in liability at a prevalence of 2 % (Mullins et al. 2021, Nat Genet); rounded.',
      approximate: true,
    },
    heritability: {
      value: 0.58,
      source: 'Swedish family study, 0.58 (Song et al. 2015, Bipolar Disord).',
      approximate: false,
    },
  },
  celiac: {
    prevalence: {
      value: 0.01,
      source:
        'Global biopsy-confirmed prevalence 0.7 %, seroprevalence 1.4 % (Singh et al. 2018, Clin Gastroenterol Hepatol 16:823); 1 % is a rounded middle value.',
      approximate: true,
    },
    r2: {
      value: 0.3,
      source:
        'Approximate: genome-wide models explained 30–35 % of disease variance, AUC 0.86–0.90 across cohorts (Abraham et al. 2014, PLoS Genet 10:e1004137); 0.3 is the rounded lower end.',
      approximate: true,
    },
    heritability: {
      value: 0.75,
      source: 'Swedish twins, 0.75 (Kuja-Halkola et al. 2016, Gut 65:1793).',
      approximate: false,
    },
  },
  parkinsons: {
    prevalence: {
      value: 0.017,
      source:
        'Lifetime risk: 2.0 % (men) and 1.3 % (women) (Elbaz et al. 2002, J Clin Epidemiol 55:25); 1.7 % is the rounded middle value.',
      approximate: true,
    },
    r2: {
      value: 0.05,
      source:
        'Approximate: the 90 risk variants explain 16–36 % of the heritable risk (Nalls et al. 2019, Lancet Neurol 18:1091); 0.05 is our judgment, not a figure from the source.',
      approximate: true,
    },
    heritability: {
      value: 0.34,
      source: 'Swedish twins, 0.34 (Wirdefeldt et al. 2011, Neurobiol Aging 32:1923.e1).',
      approximate: false,
    },
  },
  endo: {
    prevalence: {
      value: 0.1,
      source:
        'About 5–10 % of women in their reproductive years (Zondervan et al. 2018, Nat Rev Dis Primers 4:9); a prevalence, not a lifetime risk, so 0.1 takes the upper end.',
      approximate: true,
    },
    r2: {
      value: 0.02,
      source:
        'Approximate: the genome-wide significant signals explain up to 5.01 % of disease variance (Rahmioglu et al. 2023, Nat Genet 55:423); 0.02 is our cautious judgment for a score used out of sample.',
      approximate: true,
    },
    heritability: {
      value: 0.47,
      source: 'Swedish twins, 0.47 (Saha et al. 2015, Fertil Steril 104:947).',
      approximate: false,
    },
  },
  asthma: {
    prevalence: {
      value: 0.1,
      source:
        'US children ever diagnosed with asthma, 10.5 % in 2019 (National Health Interview Survey, America’s Children 2022, table HEALTH8.A); rounded, a prevalence, not a lifetime risk.',
      approximate: true,
    },
    r2: {
      value: 0.06,
      source:
        'Converted from AUCs of 0.60 and 0.66 in children of European ancestry (Namjou et al. 2022, J Allergy Clin Immunol 150:1086) at K = 0.1: their middle, 0.63, gives 0.056, rounded.',
      approximate: true,
    },
    heritability: {
      value: 0.82,
      source: 'Swedish twins, childhood asthma, 0.82 (Ullemar et al. 2016, Allergy).',
      approximate: false,
    },
  },
};
