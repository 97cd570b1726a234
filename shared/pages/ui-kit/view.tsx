import { css } from '@emotion/react';
import { useState, type ReactNode } from 'react';
import { useAppActions } from '../../layout/AppState.tsx';
import { useRootData } from '../../page-kit/rootData.ts';
import { LogoMark } from '../../layout/Logo.tsx';
import { OfficeMap } from '../../maps/OfficeMap.tsx';
import { href } from '../../routes/links.ts';
import { colors, fontSizes, radii, space, type ColorName } from '../../theme/theme.ts';
import { Breadcrumbs } from '../../ui/Breadcrumbs.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Heading } from '../../ui/Heading.tsx';
import { Link } from '../../ui/Link.tsx';
import { RevealOnScroll } from '../../ui/RevealOnScroll.tsx';
import { Section, type SectionTone } from '../../ui/Section.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { toast } from '../../ui/Toast.tsx';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import { ArticleTags } from '../../blocks/ArticleTags.tsx';
import { FaqList } from '../../blocks/FaqList.tsx';
import { SpecializationList } from '../../blocks/SpecializationCard.tsx';
import { TagFilter } from '../../blocks/TagFilter.tsx';
import { InternshipForm } from '../../forms/InternshipForm.tsx';
import { ReferralForm } from '../../forms/ReferralForm.tsx';
import { SubscribeForm } from '../../forms/SubscribeForm.tsx';

const rowStyles = css`display: flex; flex-wrap: wrap; align-items: center; gap: ${space[4]};`;
const gridStyles = css`display: grid; gap: ${space[5]}; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));`;
// One column no demo widens past the page: an auto column grows to its widest item's minimum.
const stackStyles = css`display: grid; grid-template-columns: minmax(0, 1fr); gap: ${space[6]};`;
const darkRowStyles = css`padding: ${space[5]}; background: ${colors.navy}; border-radius: ${radii.md};`;
const tileStyles = css`padding: ${space[5]}; background: ${colors.surfaceAlt}; border-radius: ${radii.lg};`;
const swatchStyles = css`
  display: grid;
  gap: ${space[1]};
  font-size: ${fontSizes.sm};
  span:first-of-type { height: 64px; border-radius: ${radii.md}; border: 1px solid ${colors.border}; }
  code { color: ${colors.inkMuted}; }
`;

/** A group of demos under its h2, naming the section. */
function KitSection({
  id,
  title,
  tone,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly tone?: SectionTone;
  readonly children: ReactNode;
}) {
  return (
    <Section tone={tone} labelledBy={id}>
      <div css={stackStyles}>
        <Heading level={2} id={id}>
          {title}
        </Heading>
        {children}
      </div>
    </Section>
  );
}

function Demo({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <div css={stackStyles}>
      <Heading level={3}>{title}</Heading>
      {children}
    </div>
  );
}

function Palette() {
  return (
    <div css={gridStyles}>
      {(Object.entries(colors) as [ColorName, string][]).map(([name, value]) => (
        <div key={name} css={swatchStyles}>
          <span style={{ background: value }} aria-hidden="true" />
          <span>{name}</span>
          <code>{value}</code>
        </div>
      ))}
    </div>
  );
}

const TOAST_DEMOS = [
  ['Сообщение', () => toast.show('Ссылка скопирована')],
  ['Успех', () => toast.success('Заявка отправлена')],
  ['Ошибка', () => toast.error()],
] as const;

function ToastDemo() {
  return (
    <div css={rowStyles}>
      {TOAST_DEMOS.map(([label, show]) => (
        <Button key={label} variant="secondary" onClick={show}>
          {label}
        </Button>
      ))}
    </div>
  );
}

function DialogDemo() {
  const [open, setOpen] = useState(false);
  const { openModal } = useAppActions();
  return (
    <div css={rowStyles}>
      <Button variant="secondary" onClick={() => setOpen(true)} data-demo-dialog="">
        Открыть диалог
      </Button>
      <Button variant="secondary" onClick={() => openModal({ name: 'feedback' })}>
        Модальное окно заявки
      </Button>
      <Button
        variant="secondary"
        onClick={() =>
          openModal({ name: 'feedback', title: 'Заказать SEO-аудит', description: 'Тип услуги выбран заранее.', serviceType: 'SEO' })
        }
      >
        Заявка с типом услуги
      </Button>
      <Button variant="secondary" onClick={() => openModal({ name: 'internship' })}>
        Модальное окно стажировки
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Пример диалога" description="Фокус заперт внутри, Escape закрывает окно.">
        <div css={rowStyles}>
          <Button onClick={() => setOpen(false)}>Понятно</Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Отмена
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** The card, chip and FAQ blocks the pages use, with sample content. */
const SAMPLE_CARDS = [
  { slug: 'medicine', title: 'Карточка-ссылка', description: 'Вся карточка кликабельна, фокус обводит её целиком.', url: null },
  { slug: 'ui-kit-static', title: 'Карточка со своей ссылкой', description: 'Ведёт на адрес из поля url.', url: href('about') },
];
const SAMPLE_TAGS = [
  { slug: 'razrabotka', title: 'Разработка' },
  { slug: 'seo', title: 'SEO' },
];
const SAMPLE_FAQ = [
  { question: 'Сколько стоит разработка сайта?', answer: 'От 350 000 ₽ — точная смета после брифа.' },
  { question: 'Кому принадлежит код?', answer: 'Заказчику: права передаются по договору.' },
];

const HEADING_DEMOS = [
  [2, 'h1', 'Строим цифровые продукты'],
  [3, 'h2', 'Услуги студии'],
  [4, 'h3', 'Разработка сайтов'],
  [5, 'h4', 'Этапы работы'],
] as const;

function KitIntro() {
  return (
    <Section labelledBy="ui-kit-title">
      <div css={stackStyles}>
        <Breadcrumbs
          items={[
            { title: 'Главная', to: href('home') },
            { title: 'UI Kit', to: href('ui-kit') },
          ]}
        />
        <Heading level={1} id="ui-kit-title">
          UI Kit
        </Heading>
        <p>Общие компоненты сайта во всех состояниях. Страница закрыта от индексации.</p>
      </div>
    </Section>
  );
}

function Foundations() {
  return (
    <KitSection tone="alt" id="ui-kit-foundations" title="Основа">
      <Demo title="Цвета">
        <Palette />
      </Demo>
      <Demo title="Заголовки">
        {HEADING_DEMOS.map(([level, size, text]) => (
          <Heading key={size} level={level} size={size}>
            {`Заголовок ${size} — ${text}`}
          </Heading>
        ))}
        <p>Основной текст: «Верфь» проектирует и строит цифровые продукты с 2014 года — от корпоративных сайтов до нагруженных сервисов.</p>
      </Demo>
      <Demo title="Логотип">
        <div css={rowStyles}>
          <LogoMark size={48} />
          <LogoMark size={48} gaze={{ x: 2, y: 1 }} />
        </div>
      </Demo>
    </KitSection>
  );
}

function Actions() {
  const { agency } = useRootData();
  return (
    <KitSection id="ui-kit-actions" title="Кнопки и ссылки">
      <Demo title="Кнопки">
        <div css={rowStyles}>
          <Button>Основная</Button>
          <Button arrow confetti>
            Со стрелкой и конфетти
          </Button>
          <Button secondaryLabel="Просто заполните форму" arrow>
            Обсудить проект
          </Button>
          <Button variant="secondary">Вторичная</Button>
          <Button size="lg" arrow>
            Крупная
          </Button>
          <Button disabled>Недоступна</Button>
        </div>
        <div css={[rowStyles, darkRowStyles]} data-surface="dark">
          <Button variant="inverse">На тёмном фоне</Button>
          <Button arrow>Основная на тёмном</Button>
        </div>
      </Demo>
      <Demo title="Ссылки">
        <div css={rowStyles}>
          <ButtonLink to={href('contacts')} arrow>
            Кнопка-ссылка
          </ButtonLink>
          <Link to={href('about')}>Внутренняя ссылка</Link>
          <Link to={agency.partnerProgramUrl}>Внешняя ссылка</Link>
          <Link to={`mailto:${agency.emails.collaboration}`}>{agency.emails.collaboration}</Link>
        </div>
      </Demo>
    </KitSection>
  );
}

function Content() {
  return (
    <KitSection tone="alt" id="ui-kit-content" title="Содержимое">
      <Demo title="Карточки">
        <SpecializationList specializations={SAMPLE_CARDS} />
      </Demo>
      <Demo title="Метки и фильтры">
        <ArticleTags tags={SAMPLE_TAGS} />
        <TagFilter tags={SAMPLE_TAGS} allLabel="Все статьи" label="Пример фильтра" />
      </Demo>
      <Demo title="Аккордеон">
        <FaqList items={SAMPLE_FAQ} />
      </Demo>
      <Demo title="Вкладки">
        <Tabs
          label="Пример вкладок"
          items={[
            { key: 'spb', label: 'Санкт-Петербург', content: <p>Головной офис.</p> },
            { key: 'ekb', label: 'Екатеринбург', content: <p>Второй офис студии.</p> },
          ]}
          css={css`[role='tabpanel'] { padding-top: ${space[4]}; }`}
        />
      </Demo>
      <Demo title="Появление при прокрутке">
        <div css={gridStyles}>
          {[0, 1, 2].map((index) => (
            <RevealOnScroll key={index} delay={index * 120} css={tileStyles}>
              <p>Блок {index + 1}</p>
            </RevealOnScroll>
          ))}
        </div>
      </Demo>
      <Demo title="Скрытый текст">
        <p>
          Видимый текст<VisuallyHidden> и текст только для экранных дикторов</VisuallyHidden>.
        </p>
      </Demo>
    </KitSection>
  );
}

function Feedback() {
  const office = useRootData().agency.offices[0];
  return (
    <KitSection id="ui-kit-feedback" title="Обратная связь">
      <Demo title="Уведомления">
        <ToastDemo />
      </Demo>
      <Demo title="Диалоги">
        <DialogDemo />
      </Demo>
      {/* The lead forms; the request form lives on /request/. */}
      <Demo title="Форма подписки">
        <SubscribeForm id="ui-kit-subscribe" />
      </Demo>
      <Demo title="Форма рекомендации">
        <ReferralForm id="ui-kit-referral" />
      </Demo>
      <Demo title="Форма стажировки">
        <InternshipForm id="ui-kit-internship" />
      </Demo>
      {office ? (
        <Demo title="Карта офиса">
          <div css={css`max-width: 560px;`}>
            <OfficeMap office={office} />
          </div>
        </Demo>
      ) : null}
    </KitSection>
  );
}

/** `/_ui_kit/`: every shared component in its states, for designers and reviewers (noindex). */
export default function UiKitPage() {
  return (
    <>
      <KitIntro />
      <Foundations />
      <Actions />
      <Content />
      <Feedback />
    </>
  );
}
