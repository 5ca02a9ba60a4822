import { defineMessages } from '../define.ts';

/** Texts of the blog feature, in all three languages side by side. */
export const blogMessages = defineMessages({
  en: {
    'blog.meta.title': 'Blog',
    'blog.meta.description':
      'Articles on the way from ego to Eden and on unity seen through the single eye: reflections and practices for every day.',
    'blog.title': 'Blog',
    'blog.lead':
      'Reflections, practices and stories for the way home. Choose a blog or start with the newest articles.',
    'blog.blogsHeading': 'Our blogs',
    'blog.latestHeading': 'Latest articles',
    'blog.viewArticles': 'View all articles',
    'blog.articleCount.one': '{count} article',
    'blog.articleCount.other': '{count} articles',
    'blog.by': 'By {author}',
    'blog.publishedOn': 'Published on {date}',
    'blog.tags': 'Tags',
    'blog.empty': 'There are no articles here yet. Please come back soon.',
    'blog.backToOverview': 'Back to {blog}',
    'blog.backToBlog': 'Back to the blog',
    'blog.overviewLead': 'All articles of this blog, newest first.',
    'blog.notFound.title': 'Article not found',
    'blog.notFound.text':
      'This article does not exist or has been moved. Perhaps one of the other articles speaks to you.',
    'blog.meta.notFound.description': 'This article does not exist (any more).',
  },
  nl: {
    'blog.meta.title': 'Blog',
    'blog.meta.description':
      'Artikelen over de weg van ego naar Eden en over eenheid gezien door het enkele oog: inzichten en oefeningen voor elke dag.',
    'blog.title': 'Blog',
    'blog.lead':
      'Inzichten, oefeningen en verhalen voor de weg naar huis. Kies een blog of begin bij de nieuwste artikelen.',
    'blog.blogsHeading': 'Onze blogs',
    'blog.latestHeading': 'Nieuwste artikelen',
    'blog.viewArticles': 'Bekijk alle artikelen',
    'blog.articleCount.one': '{count} artikel',
    'blog.articleCount.other': '{count} artikelen',
    'blog.by': 'Door {author}',
    'blog.publishedOn': 'Gepubliceerd op {date}',
    'blog.tags': 'Tags',
    'blog.empty': 'Er staan hier nog geen artikelen. Kom snel nog eens kijken.',
    'blog.backToOverview': 'Terug naar {blog}',
    'blog.backToBlog': 'Terug naar het blog',
    'blog.overviewLead': 'Alle artikelen van dit blog, de nieuwste eerst.',
    'blog.notFound.title': 'Artikel niet gevonden',
    'blog.notFound.text':
      'Dit artikel bestaat niet of is verplaatst. Misschien spreekt een van de andere artikelen je aan.',
    'blog.meta.notFound.description': 'Dit artikel bestaat niet (meer).',
  },
  de: {
    'blog.meta.title': 'Blog',
    'blog.meta.description':
      'Artikel über den Weg vom Ego nach Eden und über Einheit, gesehen mit dem einfachen Auge: Impulse und Übungen für jeden Tag.',
    'blog.title': 'Blog',
    'blog.lead':
      'Impulse, Übungen und Geschichten für den Weg nach Hause. Wähle einen Blog oder beginne mit den neuesten Artikeln.',
    'blog.blogsHeading': 'Unsere Blogs',
    'blog.latestHeading': 'Neueste Artikel',
    'blog.viewArticles': 'Alle Artikel ansehen',
    'blog.articleCount.one': '{count} Artikel',
    'blog.articleCount.other': '{count} Artikel',
    'blog.by': 'Von {author}',
    'blog.publishedOn': 'Veröffentlicht am {date}',
    'blog.tags': 'Schlagwörter',
    'blog.empty': 'Hier gibt es noch keine Artikel. Schau bald wieder vorbei.',
    'blog.backToOverview': 'Zurück zu {blog}',
    'blog.backToBlog': 'Zurück zum Blog',
    'blog.overviewLead': 'Alle Artikel dieses Blogs, die neuesten zuerst.',
    'blog.notFound.title': 'Artikel nicht gefunden',
    'blog.notFound.text':
      'Diesen Artikel gibt es nicht oder er wurde verschoben. Vielleicht spricht dich einer der anderen Artikel an.',
    'blog.meta.notFound.description': 'Diesen Artikel gibt es nicht (mehr).',
  },
});
