import { Anchor, List, Text, Title } from '@mantine/core';
import { diseases, sexSpecificDiseases } from '@nestling/shared/catalogue/diseases';
import { joinWithAnd } from '@nestling/shared/text';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { Cite } from './citations.tsx';
import { GuideLayout, type GuideSection } from './guide-layout.tsx';
import { REPORT_GUIDE } from './guides.ts';
import { PERCENTILE_EXAMPLE, PercentileRiskDiagram } from './percentile-risk-diagram.tsx';
import {
  ACOG_690,
  ACOG_691,
  GREGG_2021,
  LEWIS_2020,
  MARTIN_2019,
  RICHARDS_2015,
  WRAY_2010,
} from './references.ts';

/** Numbered in the order the text first cites them (guides.test.tsx checks it). */
const REFERENCES = [
  LEWIS_2020,
  WRAY_2010,
  RICHARDS_2015,
  GREGG_2021,
  ACOG_690,
  ACOG_691,
  MARTIN_2019,
] as const;

/** The catalogue's conditions in words, so the guide always names the ones reports can hold. */
function conditionNames(): { all: string; female: string; male: string } {
  const entries = Object.values(diseases);
  const reportedFor = (sex: 'female' | 'male') =>
    joinWithAnd(
      entries
        .filter((entry) => sexSpecificDiseases[entry.code] === sex)
        .map((entry) => entry.lowerName),
    );
  return {
    all: joinWithAnd(entries.map((entry) => entry.lowerName)),
    female: reportedFor('female'),
    male: reportedFor('male'),
  };
}

function WhatTheReportHolds() {
  const names = conditionNames();
  const count = Object.keys(diseases).length;
  return (
    <>
      <Text>
        The lab sends your results to the portal as a report. There are three kinds. An{' '}
        <strong>individual report</strong> is about one person. A <strong>joint report</strong> is
        about a couple and the children they could have. An <strong>embryo report</strong> is about
        embryos made during IVF. You find them under Reports.
      </Text>
      <Text>
        Every report starts with the name of the test, its version, the date the lab signed it off
        and who signed it. If the lab corrects or updates a report, the portal keeps each version
        and says what changed. The latest version is the one to rely on. The Download PDF button
        saves the version you are reading.
      </Text>
      <Title order={3}>An individual report</Title>
      <List spacing="xs">
        <List.Item>
          <strong>Your risk of common conditions:</strong> a table of your lifetime risk of each
          condition, the average risk and how many times the average yours is. Then each condition
          has its own part, with two charts and a sentence in words.
        </List.Item>
        <List.Item>
          <strong>Single-gene findings:</strong> changes found in single genes that can cause a
          condition, or that you could pass on.
        </List.Item>
        <List.Item>
          <strong>Traits:</strong> predictions such as eye color or height. These are not health
          risks.
        </List.Item>
        <List.Item>
          <strong>What was screened</strong> and <strong>About this test</strong>: the genes and
          variants the lab looked at, and how the test was done.
        </List.Item>
      </List>
      <Title order={3}>A joint report</Title>
      <List spacing="xs">
        <List.Item>
          <strong>Conditions you could pass on together:</strong> conditions for which you both
          carry a variant, with the chance for each child.
        </List.Item>
        <List.Item>
          <strong>Your future children&apos;s risk of common conditions:</strong> for each
          condition, the range of lifetime risk your children could have.
        </List.Item>
        <List.Item>
          <strong>Each partner&apos;s single-gene findings</strong>, what was screened and how the
          test was done.
        </List.Item>
      </List>
      <Title order={3}>An embryo report</Title>
      <Text>
        A summary of how many embryos were tested and what was found, how the lab set the priority
        order, and a card for each embryo. Other views show the same results in other ways: the
        Overview (every embryo in one table), Compare embryos (every condition side by side) and
        Risk charts (a chart for each condition, with every embryo on it). Each embryo also has a
        page of its own. The{' '}
        <AnchorLink to="/resources/embryo-screening-guide">embryo screening guide</AnchorLink>{' '}
        explains these results in more depth.
      </Text>
      <Title order={3}>The conditions</Title>
      <Text>
        Reports can give a genetic risk for up to {count} common conditions: {names.all}. A lab
        reports {names.female} for women only, and {names.male} for men only.
      </Text>
      <Text>
        A report may be marked &lsquo;Research use only&rsquo;. That means it is not a diagnostic
        test, and it must not be used on its own to make medical decisions.
      </Text>
    </>
  );
}

function PercentilesAndAbsoluteRisk() {
  const { percentile, varianceExplained } = PERCENTILE_EXAMPLE;
  return (
    <>
      <Text>
        Most common conditions are not caused by one gene. Many small differences in your DNA each
        nudge the risk a tiny amount. A <strong>polygenic score</strong> adds up thousands of these
        nudges into one number <Cite refs={LEWIS_2020.key} />. The score is compared with the scores
        of a large group of people, and your report gives it in two ways.
      </Text>
      <Text>
        A <strong>percentile</strong> says where your score sits in that group. At the 90th
        percentile, your score is higher than 90 in 100 people&apos;s. A percentile on its own does
        not tell you how likely you are to get the condition.
      </Text>
      <Text>
        An <strong>absolute risk</strong> is that chance: for example, &lsquo;about 8 in 100 people
        like you develop type 2 diabetes in their lifetime&rsquo;. This is the number that matters
        most when you make plans, so the portal shows it first.
      </Text>
      <Text>
        A <strong>relative risk</strong> compares your risk with the average, such as &lsquo;1.50
        times the population average&rsquo;. It can sound alarming. But 1.5 times a risk of 1 in 100
        is still only 1.5 in 100.
      </Text>
      <Text>
        The same percentile can mean very different absolute risks. It depends on how common the
        condition is, and on how much of the difference between people the score can explain. Figure
        1 shows an example. It assumes a score that explains {Math.round(varianceExplained * 100)}%
        of the variation in the underlying risk, and uses the standard way of turning scores into
        risks, the liability threshold model <Cite refs={WRAY_2010.key} />.
      </Text>
      <PercentileRiskDiagram />
      <Text>
        So a score at the {percentile}th percentile is not a warning in itself. Most people with a
        high score never develop the condition, and many people who do develop it had an average
        score. On an individual report, each risk also comes with an interval, such as &lsquo;95%
        interval: 6.4% to 10.4%&rsquo;. It shows how precise the estimate is.
      </Text>
    </>
  );
}

function SingleGeneFindings() {
  return (
    <>
      <Text>
        Some conditions are caused mainly by a change in a single gene. These are called single-gene
        or <strong>monogenic</strong> conditions. Cystic fibrosis and sickle cell disease are
        examples. Your report lists any such change (a <strong>variant</strong>) that the lab found
        in the genes it screened.
      </Text>
      <Text>For each finding, the table gives:</Text>
      <List spacing="xs">
        <List.Item>
          <strong>Condition and gene:</strong> what the gene is linked to.
        </List.Item>
        <List.Item>
          <strong>Variant:</strong> the exact change, written in the standard notation labs use.
        </List.Item>
        <List.Item>
          <strong>Copies:</strong> one copy (heterozygous) or two copies (homozygous). Hemizygous
          means one copy of a gene on the X chromosome in someone who has one X.
        </List.Item>
        <List.Item>
          <strong>Classification:</strong> how sure the lab is that the variant causes disease:
          pathogenic, likely pathogenic, uncertain significance, likely benign or benign. Labs use
          these five shared terms and rules <Cite refs={RICHARDS_2015.key} />. A variant of
          uncertain significance should not, on its own, be the basis of a decision. As knowledge
          grows, a classification can change, and the lab may then update your report.
        </List.Item>
        <List.Item>
          <strong>Inheritance:</strong> how the condition passes from parents to children.
        </List.Item>
      </List>
      <Title order={3}>Being a carrier</Title>
      <Text>
        Many people carry a variant for a recessive condition and are healthy. A{' '}
        <strong>carrier</strong> has one changed copy of a gene and one working copy. A child is
        affected by an autosomal recessive condition only when they inherit a changed copy from each
        parent. When both partners carry a variant in the same gene for such a condition, each
        pregnancy has a 1 in 4 chance of an affected child <Cite refs={GREGG_2021.key} />. The joint
        report shows this in &lsquo;Conditions you could pass on together&rsquo;, with the chance
        for each child.
      </Text>
      <Text>
        For X-linked conditions, a mother who carries a variant can pass it to sons, who may be
        affected, and to daughters, who are usually carriers. A genetic counselor can tell you what
        a finding means for your family.
      </Text>
      <Title order={3}>What a clear result means</Title>
      <Text>
        &lsquo;No variant was found in the genes screened&rsquo; lowers your chance of being a
        carrier, but it does not remove it. No screen finds every variant, and only the listed genes
        were looked at. This is called the <strong>residual risk</strong>{' '}
        <Cite refs={ACOG_690.key} />. &lsquo;What was screened&rsquo; lists every gene and variant
        the lab checked.
      </Text>
      <Text>
        If you are a carrier, your relatives may be carriers too, and your partner can be offered
        screening <Cite refs={ACOG_691.key} />.
      </Text>
    </>
  );
}

function HowToReadEachChart() {
  return (
    <>
      <Text>
        Every chart has a sentence above it that says the same thing in words. Under each chart, a
        link called &lsquo;Show the numbers as a table&rsquo; opens the same numbers as a table.
      </Text>
      <Title order={3}>The dot grid: lifetime risk</Title>
      <Text>
        The dot grid shows 100 people. The <strong>filled</strong> blue dots are how many people
        like you develop the condition in their lifetime. The dots with an orange{' '}
        <strong>ring</strong> are how many people in the general population do. Count the filled
        dots to read your absolute risk.
      </Text>
      <Text>
        Dots are rounded to whole people. A risk below 1 in 200 fills no dot at all, and the chart
        then says &lsquo;Fewer than 1 in 100&rsquo;. An empty grid does not mean no risk.
      </Text>
      <Title order={3}>The density chart: genetic score</Title>
      <Text>
        The curve shows how scores are spread across the reference population. Where the curve is
        high, many people have that score. The line labeled &lsquo;You&rsquo; (or an embryo&apos;s
        name) shows where the score sits. The marks under the curve are the 10th, 30th, 50th, 70th
        and 90th percentiles.
      </Text>
      <Text>
        This chart tells you where a score sits. It does not tell you the risk: the dot grid does.
      </Text>
      <Title order={3}>The range chart: your future children&apos;s risk</Title>
      <Text>
        Joint and embryo reports have a range chart for each condition. Children inherit a different
        mix of their parents&apos; DNA, so their risks differ. The blue bar runs from the lowest to
        the highest lifetime risk that most of your children could have; the report says how many in
        100 of the children the lab simulated fall inside it. The black tick is the risk to expect
        on average. Further right means a higher risk.
      </Text>
      <Text>
        On an embryo report, each embryo is an orange triangle below the bar, labeled with its name.
        For breast cancer, endometriosis and prostate cancer the chart speaks of your future
        daughters or sons.
      </Text>
      <Title order={3}>The embryo tables</Title>
      <Text>
        The Overview lists every embryo in the lab&apos;s priority order, with its grade, sex,
        chromosome result and single-gene findings. Compare embryos puts each condition&apos;s
        absolute lifetime risk side by side, with the relative risk beneath it. You can sort by any
        condition and hide embryos with a chromosome or single-gene finding. The page always says
        how many embryos are hidden.
      </Text>
    </>
  );
}

function WhatAReportCannotTellYou() {
  return (
    <>
      <List spacing="sm">
        <List.Item>
          <strong>It is not a diagnosis.</strong> A risk is a chance, not a forecast. Most people
          with a raised risk never develop the condition, and people with a low risk sometimes do.
        </List.Item>
        <List.Item>
          <strong>Genes are only part of the story.</strong> Your lifestyle, your environment, your
          family history and chance all matter too. A polygenic score captures only part of the
          genetic risk <Cite refs={LEWIS_2020.key} />.
        </List.Item>
        <List.Item>
          <strong>Scores work best for some ancestries.</strong> Most of the studies behind
          today&apos;s scores were of people of European ancestry. The scores are much less accurate
          for people of other ancestries <Cite refs={MARTIN_2019.key} />. &lsquo;About this
          test&rsquo; says whether the scores were calibrated for each person&apos;s ancestry. If
          they were not, the numbers are less reliable.
        </List.Item>
        <List.Item>
          <strong>It covers only what was screened.</strong> It says nothing about conditions or
          genes that are not on the report, and a clear carrier result is not a guarantee.
        </List.Item>
        <List.Item>
          <strong>It cannot say when or how severely.</strong> A lifetime risk does not say at what
          age a condition might start, or how serious it would be.
        </List.Item>
        <List.Item>
          <strong>Knowledge moves on.</strong> Models improve and variants are reclassified. A later
          version of your report may give different numbers.
        </List.Item>
      </List>
    </>
  );
}

function TalkingToACounselor() {
  const { brand } = useRuntimeConfig();
  return (
    <>
      <Text>
        A <strong>genetic counselor</strong> is a health professional trained in genetics and in
        helping people make decisions that are right for them. They can explain your results, work
        out what they mean for your family, and talk through your options without pressure.
      </Text>
      <Text>It is worth talking to one if:</Text>
      <List spacing="xs">
        <List.Item>you and your partner carry a variant for the same condition;</List.Item>
        <List.Item>a report lists a pathogenic or likely pathogenic finding;</List.Item>
        <List.Item>you are thinking about IVF or choosing between embryos;</List.Item>
        <List.Item>a result worries you, or you are not sure what it means.</List.Item>
      </List>
      <Text>To get the most from the appointment, bring:</Text>
      <List spacing="xs">
        <List.Item>the PDF of your report, from the Download PDF button;</List.Item>
        <List.Item>
          what you know of your family&apos;s health: who had which condition, and at what age;
        </List.Item>
        <List.Item>your questions, written down.</List.Item>
      </List>
      <Text>Questions people often ask:</Text>
      <List spacing="xs">
        <List.Item>What does this result mean for me, and for any children I may have?</List.Item>
        <List.Item>Should my partner or my relatives be tested?</List.Item>
        <List.Item>Is there anything I can do to lower my risk?</List.Item>
        <List.Item>How sure is this result, and could it change?</List.Item>
      </List>
      <Text>
        Your doctor or fertility clinic can refer you to a genetic counselor. For questions about
        your report, you can write to {brand.companyName} at{' '}
        <Anchor href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Anchor>.
      </Text>
    </>
  );
}

const SECTIONS: readonly GuideSection[] = [
  {
    id: 'what-your-report-holds',
    title: 'What your report holds',
    content: <WhatTheReportHolds />,
  },
  {
    id: 'percentiles-and-absolute-risk',
    title: 'Percentiles and absolute risk',
    content: <PercentilesAndAbsoluteRisk />,
  },
  { id: 'single-gene-findings', title: 'Single-gene findings', content: <SingleGeneFindings /> },
  {
    id: 'how-to-read-each-chart',
    title: 'How to read each chart',
    content: <HowToReadEachChart />,
  },
  {
    id: 'what-a-report-cannot-tell-you',
    title: 'What a report cannot tell you',
    content: <WhatAReportCannotTellYou />,
  },
  {
    id: 'talking-to-a-genetic-counselor',
    title: 'Talking to a genetic counselor',
    content: <TalkingToACounselor />,
  },
];

/** /resources/what-you-will-learn-from-your-report: the guide to reading a report. */
export function ReportGuidePage() {
  return (
    <GuideLayout
      guide={REPORT_GUIDE}
      lead="A guide to the reports in your portal: what each part says, how to read the charts, and what no genetic report can tell you."
      sections={SECTIONS}
      references={REFERENCES}
    />
  );
}
