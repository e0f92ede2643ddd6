import { List, Table, Text, Title } from '@mantine/core';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { Cite } from './citations.tsx';
import { EmbryoTestingDiagram } from './embryo-testing-diagram.tsx';
import { GuideLayout, type GuideSection } from './guide-layout.tsx';
import { EMBRYO_GUIDE } from './guides.ts';
import {
  CAPALBO_2024,
  FORZANO_2022,
  GREBE_2024,
  KARAVANI_2019,
  KOKKALI_2020,
  KUMAR_2022,
  LENCZ_2021,
  MARTIN_2019,
  TURLEY_2021,
} from './references.ts';
import classes from './resources.module.css';
import { ScoreSpreadDiagram } from './score-spread-diagram.tsx';

/** Numbered in the order the text first cites them (guides.test.tsx checks it). */
const REFERENCES = [
  KOKKALI_2020,
  KUMAR_2022,
  CAPALBO_2024,
  LENCZ_2021,
  KARAVANI_2019,
  TURLEY_2021,
  MARTIN_2019,
  FORZANO_2022,
  GREBE_2024,
] as const;

/**
 * The worked example of choosing among embryos, from the liability threshold model of Lencz et
 * al. (2021) for a score explaining 10% of the variation in liability, averaged over couples:
 * the child's lifetime risk per 100 for each way of choosing. guides.test.tsx recomputes every
 * number by numerical integration.
 */
export const SELECTION_EXAMPLE = {
  varianceExplained: 0.1,
  prevalencePer100: 5,
  lowestOf: [
    { embryos: 2, riskPer100: 3.7 },
    { embryos: 5, riskPer100: 2.7 },
    { embryos: 10, riskPer100: 2.2 },
  ],
  /** Five embryos, any one of those not in the population's top 2% of scores. */
  excludeTop: { embryos: 5, topPercent: 2, riskPer100: 4.8 },
  /** A rarer condition, the lowest of five embryos. */
  rare: { prevalencePer100: 1, embryos: 5, riskPer100: 0.4 },
} as const;

function HowEmbryoTestingWorks() {
  return (
    <>
      <Text>
        Embryos can only be tested when they are made by in vitro fertilization (IVF). Testing takes
        five steps (Figure 1).
      </Text>
      <EmbryoTestingDiagram />
      <Text>
        After the eggs are collected and fertilized, the embryos grow in the lab. By day 5 or 6, an
        embryo that keeps growing becomes a <strong>blastocyst</strong>: a hollow ball of cells. Its
        outer layer, the <strong>trophectoderm</strong>, goes on to form the placenta. A small
        cluster of cells inside, the <strong>inner cell mass</strong>, becomes the baby.
      </Text>
      <Text>
        In the <strong>biopsy</strong>, an embryologist removes a few cells from the outer layer.
        The embryo is then usually frozen while the lab does its work{' '}
        <Cite refs={KOKKALI_2020.key} />.
      </Text>
      <Text>
        A few cells hold very little DNA, so the lab copies it many times before reading it. Some
        labs also read the parents&apos; DNA and use it to work out more of each embryo&apos;s DNA{' '}
        <Cite refs={KUMAR_2022.key} />.
      </Text>
      <Title order={3}>Kinds of embryo test</Title>
      <Text>
        Preimplantation genetic testing (PGT) comes in several kinds{' '}
        <Cite refs={CAPALBO_2024.key} />:
      </Text>
      <List spacing="xs">
        <List.Item>
          <strong>PGT-A</strong> counts the chromosomes, to find embryos with a missing or extra
          one.
        </List.Item>
        <List.Item>
          <strong>PGT-M</strong> looks for a single-gene condition that is known to run in the
          family.
        </List.Item>
        <List.Item>
          <strong>PGT-SR</strong> looks for rearranged chromosomes when a parent carries a
          rearrangement.
        </List.Item>
        <List.Item>
          <strong>PGT-P</strong>, also called polygenic embryo screening, gives each embryo
          polygenic scores for common conditions.
        </List.Item>
      </List>
      <Title order={3}>What your embryo report shows</Title>
      <Text>
        For each embryo, the report gives the lab&apos;s priority, the morphology grade (how the
        embryo looked to the embryologist), its sex if reported, and its chromosome result: euploid
        (the expected number), aneuploid (a missing or extra chromosome) or mosaic (a mix of cells).
        Where the test screened for them, it lists single-gene findings. And it gives the lifetime
        risk of each common condition, with the charts explained in{' '}
        <AnchorLink to="/resources/what-you-will-learn-from-your-report">
          what you will learn from your report
        </AnchorLink>
        .
      </Text>
      <Text>
        A biopsy looks at a few cells only, and they may not match the rest of the embryo exactly,
        especially when the result is mosaic. Ask your clinic whether a test during pregnancy is
        advised to confirm a result.
      </Text>
      <Text>
        Which embryo to transfer, if any, is your choice, made with your clinic. The chromosome
        result, the grade and what matters to you all count.
      </Text>
    </>
  );
}

function SelectionTable() {
  const { prevalencePer100, lowestOf, excludeTop } = SELECTION_EXAMPLE;
  const rows = [
    { how: 'Any embryo, without looking at the score', risk: prevalencePer100 },
    ...lowestOf.map(({ embryos, riskPer100 }) => ({
      how: `The lowest score of ${String(embryos)} embryos`,
      risk: riskPer100,
    })),
    {
      how: `Any of ${String(excludeTop.embryos)} embryos outside the top ${String(excludeTop.topPercent)} in 100 scores`,
      risk: excludeTop.riskPer100,
    },
  ];
  return (
    <Table captionSide="top" withTableBorder>
      <Table.Caption className={classes.tableCaption}>
        The child&apos;s lifetime risk in the example, by how the embryo is chosen
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">How the embryo is chosen</Table.Th>
          <Table.Th scope="col">Lifetime risk</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.how}>
            <Table.Th scope="row" fw={400}>
              {row.how}
            </Table.Th>
            <Table.Td>{row.risk.toFixed(1)} in 100</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function WhatPrioritisationCanDo() {
  const { varianceExplained, prevalencePer100, lowestOf, rare } = SELECTION_EXAMPLE;
  const five = lowestOf.find((row) => row.embryos === 5);
  return (
    <>
      <Text>
        Brothers and sisters share their parents, but not the same DNA. Each embryo gets a different
        mix, so their scores differ. They differ less than people in general do, though: their
        scores scatter around the average of the parents&apos; scores <Cite refs={LENCZ_2021.key} />
        .
      </Text>
      <ScoreSpreadDiagram />
      <Text>
        Choosing the embryo with the lowest score for a condition shifts the odds for the child. It
        does not remove the risk, and it cannot move the score far from the parents&apos; average.
      </Text>
      <Title order={3}>How much difference it makes</Title>
      <Text>
        A published model shows that the way embryos are chosen matters a great deal{' '}
        <Cite refs={LENCZ_2021.key} />. Choosing the lowest score can lower the risk noticeably when
        there are several embryos to choose from. Setting aside only the embryos with the very
        highest scores changes it very little.
      </Text>
      <Text>
        Take a condition that {prevalencePer100} in 100 people develop, and a score that explains{' '}
        {Math.round(varianceExplained * 100)}% of the variation in the underlying risk. The table
        shows the child&apos;s average lifetime risk under the model.
      </Text>
      <SelectionTable />
      <Text>
        The gain grows slowly as the number of embryos grows{' '}
        <Cite refs={[LENCZ_2021.key, KARAVANI_2019.key]} />. It is smaller still in absolute terms
        for rarer conditions: for a condition that {rare.prevalencePer100} in 100 people develop,
        the lowest of {rare.embryos} embryos gives about {rare.riskPer100.toFixed(1)} in 100 instead
        of {rare.prevalencePer100.toFixed(1)} in 100.
      </Text>
      <Text>
        These numbers assume ideal conditions. In real life, fewer embryos may be suitable to
        transfer, and scores predict less well between siblings than between strangers{' '}
        <Cite refs={TURLEY_2021.key} />. They are also averages over many couples. For one couple,
        the effect depends on the parents&apos; own scores and family history{' '}
        <Cite refs={LENCZ_2021.key} />.
      </Text>
      <Title order={3}>Look at the absolute numbers</Title>
      <Text>
        A relative change can sound large. In the example, the lowest of {five?.embryos ?? 5}{' '}
        embryos has about half the average risk, yet the absolute risk falls by about{' '}
        {(prevalencePer100 - (five?.riskPer100 ?? 0)).toFixed(1)} in 100. Experts ask that absolute
        numbers always be given, never relative ones alone <Cite refs={TURLEY_2021.key} />. The{' '}
        <AnchorLink to="/risk-calculator">risk calculator</AnchorLink> uses the same published
        model, so you can see how the numbers change with other values.
      </Text>
      <Title order={3}>Several conditions at once</Title>
      <Text>
        An embryo with a low score for one condition may have a high score for another. The more
        conditions a choice tries to cover, the less it can lower any one of them. A score for one
        condition can also be linked to other conditions or traits, and not always in the hoped-for
        direction <Cite refs={TURLEY_2021.key} />. Your embryo report lists the embryos in the
        lab&apos;s priority order and quotes how the lab set it: read that with this in mind.
      </Text>
      <Title order={3}>What it cannot do</Title>
      <List spacing="xs">
        <List.Item>It cannot promise a healthy child, or rule any condition out.</List.Item>
        <List.Item>It covers only the conditions on the report, not every condition.</List.Item>
        <List.Item>
          It does not tell you how likely an embryo is to implant or lead to a birth.
        </List.Item>
        <List.Item>
          It cannot reliably pick out traits. In large families, the child with the highest score
          for height was usually not the tallest <Cite refs={KARAVANI_2019.key} />.
        </List.Item>
      </List>
    </>
  );
}

function AncestryAndAccuracy() {
  return (
    <>
      <Title order={3}>Ancestry</Title>
      <Text>
        A polygenic score is built from studies that link DNA to a condition in very large groups of
        people. Most of these studies are of people of European ancestry. As a result, today&apos;s
        scores are several times more accurate for people of European ancestry than for people of
        other ancestries <Cite refs={MARTIN_2019.key} />. For other and mixed ancestries, the
        differences between embryos&apos; scores mean less.
      </Text>
      <Text>
        The &lsquo;About this test&rsquo; part of your report says which ancestry the lab found for
        each parent, and whether the scores are calibrated for it. If they are not, treat the scores
        with extra caution.
      </Text>
      <Title order={3}>Within a family</Title>
      <Text>
        Part of what a score picks up in the population comes from family background and
        surroundings, not from the DNA itself. Comparing siblings takes that part away. So a
        difference between two embryos&apos; scores predicts less than the same difference between
        two strangers <Cite refs={TURLEY_2021.key} />.
      </Text>
      <Title order={3}>In the lab</Title>
      <Text>
        Reading DNA from a few cells is harder than reading it from blood or saliva. In one study
        that combined each embryo&apos;s DNA with the parents&apos; DNA, the embryo results at the
        positions used for scores matched the DNA of the children later born 99.0 to 99.4% of the
        time, for biopsies taken on day 5 <Cite refs={KUMAR_2022.key} />. Other labs and methods may
        do better or worse.
      </Text>
      <Title order={3}>Over a lifetime</Title>
      <Text>
        Scores are built from the health of adults alive today. By the time a child grows up,
        medicine, food and surroundings will have changed, and risks will have changed with them.
      </Text>
    </>
  );
}

function EvidenceAndGuidance() {
  return (
    <>
      <Title order={3}>What the evidence is</Title>
      <Text>
        The expected benefits of choosing embryos on polygenic scores come from statistical models
        and from studies of adults and their families{' '}
        <Cite refs={[LENCZ_2021.key, KARAVANI_2019.key]} />. No clinical study has yet shown how
        well these scores work when they are used on embryos <Cite refs={FORZANO_2022.key} />. Most
        of the conditions start decades after birth, so such a study would take many years.
      </Text>
      <Title order={3}>What professional bodies say</Title>
      <List spacing="sm">
        <List.Item>
          The <strong>European Society of Human Genetics</strong> calls the use of polygenic scores
          in embryo testing &lsquo;an unproven, unethical practice&rsquo;. It says their usefulness
          for this is severely limited, that patients must be properly told about the limits, and
          that society should debate the practice before it spreads <Cite refs={FORZANO_2022.key} />
          .
        </List.Item>
        <List.Item>
          The <strong>American College of Medical Genetics and Genomics</strong> has published
          points to consider on the clinical utility of polygenic scores for choosing embryos: what
          doctors and patients should weigh <Cite refs={GREBE_2024.key} />.
        </List.Item>
        <List.Item>
          A group of geneticists, social scientists and ethicists has set out the problems with
          using polygenic scores to select embryos, and asked that expected gains always be
          explained in absolute terms <Cite refs={TURLEY_2021.key} />.
        </List.Item>
        <List.Item>
          A review supported by <strong>ESHRE</strong>, the European Society of Human Reproduction
          and Embryology, weighs the arguments for and against, to help clinics and policy makers
          decide <Cite refs={CAPALBO_2024.key} />.
        </List.Item>
      </List>
      <Text>
        Testing embryos for chromosomes (PGT-A) or for a single-gene condition known in the family
        (PGT-M) are different tests, with evidence of their own. Ask your clinic about them.
      </Text>
      <Title order={3}>Where this leaves you</Title>
      <Text>
        The portal shows your lab&apos;s polygenic results because they are part of your report.
        Showing them is not advice to use them. If you are deciding what to do, a genetic counselor
        can help you weigh the results against everything else that matters to you.
      </Text>
    </>
  );
}

const GLOSSARY: readonly { term: string; meaning: string }[] = [
  {
    term: 'Absolute risk',
    meaning:
      'The chance that something happens, such as 5 in 100 people developing a condition in their lifetime.',
  },
  { term: 'Aneuploid', meaning: 'An embryo with a missing or extra chromosome.' },
  {
    term: 'Blastocyst',
    meaning: 'An embryo 5 to 6 days after fertilization: a hollow ball of cells.',
  },
  {
    term: 'Carrier',
    meaning:
      'Someone with one changed copy of a gene for a recessive condition. Carriers are usually healthy.',
  },
  { term: 'Euploid', meaning: 'An embryo with the expected number of chromosomes, 46.' },
  { term: 'Genotyping', meaning: 'Reading DNA at many chosen places.' },
  { term: 'Inner cell mass', meaning: 'The cells inside a blastocyst that become the baby.' },
  {
    term: 'IVF (in vitro fertilization)',
    meaning: 'Fertilizing eggs in a laboratory, where the embryos then grow for a few days.',
  },
  {
    term: 'Liability threshold model',
    meaning:
      'A way of turning scores into risks. Genes and surroundings together give each person an underlying liability to a condition; people above a threshold develop it.',
  },
  { term: 'Monogenic', meaning: 'Caused mainly by a change in one gene.' },
  {
    term: 'Morphology grade',
    meaning: 'The embryologist’s grade of how an embryo looks, for example 4AA.',
  },
  {
    term: 'Mosaic',
    meaning:
      'An embryo whose tested cells are a mix: some with the expected chromosomes and some without.',
  },
  {
    term: 'Percentile',
    meaning:
      'Where a score sits in a group. At the 70th percentile, a score is higher than 70 in 100 people’s.',
  },
  {
    term: 'PGT (preimplantation genetic testing)',
    meaning:
      'Testing embryos before transfer: PGT-A for the number of chromosomes, PGT-M for a single-gene condition, PGT-SR for rearranged chromosomes, PGT-P for polygenic scores.',
  },
  {
    term: 'Polygenic score',
    meaning:
      'A number that adds up the small effects of many DNA differences on one condition or trait. Also called a polygenic risk score.',
  },
  {
    term: 'Prioritization',
    meaning: 'Putting embryos in an order for transfer, for example by a polygenic score.',
  },
  {
    term: 'Relative risk',
    meaning: 'A risk compared with another, such as ‘twice the average’.',
  },
  {
    term: 'Trophectoderm',
    meaning:
      'The outer layer of cells of a blastocyst. It becomes the placenta, and the biopsy is taken from it.',
  },
  {
    term: 'Variant',
    meaning: 'A difference in the DNA from the usual sequence. Most variants are harmless.',
  },
  {
    term: 'Variant of uncertain significance',
    meaning: 'A variant about which too little is known to say whether it causes disease.',
  },
];

function Glossary() {
  return (
    <dl className={classes.glossary}>
      {GLOSSARY.map(({ term, meaning }) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{meaning}</dd>
        </div>
      ))}
    </dl>
  );
}

const SECTIONS: readonly GuideSection[] = [
  {
    id: 'how-embryo-testing-works',
    title: 'How embryo testing works',
    content: <HowEmbryoTestingWorks />,
  },
  {
    id: 'what-prioritisation-can-and-cannot-do',
    title: 'What prioritization can and cannot do',
    content: <WhatPrioritisationCanDo />,
  },
  { id: 'ancestry-and-accuracy', title: 'Ancestry and accuracy', content: <AncestryAndAccuracy /> },
  {
    id: 'evidence-and-professional-guidance',
    title: 'The evidence and the professional guidance',
    content: <EvidenceAndGuidance />,
  },
  { id: 'glossary', title: 'Glossary', content: <Glossary /> },
];

/** /resources/embryo-screening-guide: testing embryos, and what choosing on scores can do. */
export function EmbryoGuidePage() {
  return (
    <GuideLayout
      guide={EMBRYO_GUIDE}
      lead="How embryos are tested during IVF, what choosing among them on genetic scores can and cannot do, and what professional bodies say about it."
      sections={SECTIONS}
      references={REFERENCES}
    />
  );
}
