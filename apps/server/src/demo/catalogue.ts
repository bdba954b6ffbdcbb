/** The demo store's content (CONTRACT §2): fictional titles, DJs and people. */
import type { Rating } from '@store/contract';

export const DEMO_DJS = ['Zamu', 'Kibe', 'Nyota', 'Simba'] as const;

export const DEMO_GENRES = [
  'Action',
  'Adventure',
  'Comedy',
  'Crime',
  'Drama',
  'Fantasy',
  'Horror',
  'Kung Fu',
  'Romance',
  'Sci-Fi',
  'Thriller',
  'How-To',
] as const;
type GenreName = (typeof DEMO_GENRES)[number];

export interface DemoTitle {
  title: string;
  genre: GenreName;
  seasons?: number;
  /** KFCB rating (CONTRACT §13): cartoons and guides for the whole family, horror 18. */
  rating: Rating;
}

export const DEMO_MOVIES: DemoTitle[] = [
  { title: 'Nairobi Heist', genre: 'Crime', rating: '16' },
  { title: 'The Last Matatu', genre: 'Action', rating: '16' },
  { title: 'Shadow of Kilimanjaro', genre: 'Adventure', rating: 'PG' },
  { title: 'Iron Fist of Mombasa', genre: 'Kung Fu', rating: '16' },
  { title: 'Love in Lamu', genre: 'Romance', rating: 'PG' },
  { title: 'The Silent Witness', genre: 'Thriller', rating: '16' },
  { title: 'Drunken Master Returns', genre: 'Kung Fu', rating: 'PG' },
  { title: 'Operation Red Sea', genre: 'Action', rating: '18' },
  { title: 'The Haunting of Kisumu House', genre: 'Horror', rating: '18' },
  { title: 'Mars Colony Zero', genre: 'Sci-Fi', rating: 'PG' },
  { title: 'Two Brothers, One Shamba', genre: 'Drama', rating: 'GE' },
  { title: 'Wedding Crashers of Eastleigh', genre: 'Comedy', rating: 'PG' },
  { title: 'Dragon Temple', genre: 'Kung Fu', rating: '16' },
  { title: 'The Diamond Courier', genre: 'Crime', rating: '16' },
  { title: 'Savannah Storm', genre: 'Adventure', rating: 'PG' },
  { title: 'Midnight Express to Kampala', genre: 'Thriller', rating: '16' },
  { title: 'Robot Uprising', genre: 'Sci-Fi', rating: 'PG' },
  { title: 'The Forgotten Village', genre: 'Horror', rating: '18' },
  { title: 'A Mother\u2019s Promise', genre: 'Drama', rating: 'GE' },
  { title: 'Boda Boda Kings', genre: 'Comedy', rating: 'GE' },
  { title: 'Shaolin Warriors', genre: 'Kung Fu', rating: 'PG' },
  { title: 'Blood Money', genre: 'Crime', rating: '18' },
  { title: 'The Lion Guard Rescue', genre: 'Adventure', rating: 'GE' },
  { title: 'Kingdom of Sand', genre: 'Fantasy', rating: 'PG' },
  { title: 'Jungle Commando', genre: 'Action', rating: '16' },
  { title: 'Second Chance at Love', genre: 'Romance', rating: 'PG' },
  { title: 'The Last Samurai of Osaka', genre: 'Action', rating: '16' },
  { title: 'Night of the Hunter', genre: 'Thriller', rating: '18' },
];

export const DEMO_SERIES: DemoTitle[] = [
  { title: 'Empire of Swords', genre: 'Fantasy', seasons: 3, rating: '16' },
  { title: 'City of Hustlers', genre: 'Crime', seasons: 2, rating: '18' },
  { title: 'Hospital Nights', genre: 'Drama', seasons: 3, rating: 'PG' },
  { title: 'Space Station Amani', genre: 'Sci-Fi', seasons: 2, rating: 'PG' },
  { title: 'The Royal Family', genre: 'Drama', seasons: 2, rating: 'PG' },
  { title: 'Mtaa Comedy Club', genre: 'Comedy', seasons: 2, rating: 'PG' },
];

export const DEMO_ANIME: DemoTitle[] = [
  { title: 'Demon Slayer: Hunter\u2019s Oath', genre: 'Fantasy', rating: '16' },
  { title: 'Ninja Academy', genre: 'Action', rating: 'GE' },
  { title: 'Spirit Fox', genre: 'Fantasy', rating: 'GE' },
  { title: 'Mecha Storm', genre: 'Sci-Fi', rating: 'PG' },
  { title: 'Titan Wall', genre: 'Action', rating: '16' },
  { title: 'One Punch Warrior', genre: 'Comedy', rating: 'PG' },
  { title: 'Ghost Samurai', genre: 'Horror', rating: '18' },
  { title: 'Dragon Orb Legends', genre: 'Adventure', rating: 'GE' },
  { title: 'Sword of the Moon', genre: 'Fantasy', rating: 'PG' },
  { title: 'Cyber Ronin', genre: 'Sci-Fi', rating: 'PG' },
  { title: 'Pirate Kings', genre: 'Adventure', rating: 'GE' },
  { title: 'Shadow Clan', genre: 'Kung Fu', rating: 'PG' },
];

export const DEMO_GUIDES: DemoTitle[] = [
  { title: 'Kienyeji Chicken Farming Basics', genre: 'How-To', rating: 'GE' },
  { title: 'Fix a Cracked Phone Screen', genre: 'How-To', rating: 'GE' },
  { title: 'Start an M-Pesa Agent Business', genre: 'How-To', rating: 'GE' },
  { title: 'Cook Soft Layered Chapati', genre: 'How-To', rating: 'GE' },
  { title: 'Grow a Kitchen Garden in Sacks', genre: 'How-To', rating: 'GE' },
  { title: 'Sew a Kitenge Shirt', genre: 'How-To', rating: 'GE' },
  { title: 'Pass Your Driving Test', genre: 'How-To', rating: 'GE' },
  { title: 'Boda Boda Engine Care', genre: 'How-To', rating: 'GE' },
];

/** Each genre's hooks, in English and in Kiswahili one for one (staff's Kiswahili synopsis, issue 32 item 24). */
const HOOKS: Record<GenreName, { en: string; sw: string }[]> = {
  Action: [{ en: 'One man against an army', sw: 'Mtu mmoja dhidi ya jeshi zima' }, { en: 'A rescue mission with no way back', sw: 'Misheni ya uokoaji isiyo na njia ya kurudi' }, { en: 'Fists, cars and a city on fire', sw: 'Ngumi, magari na jiji linaloungua' }],
  Adventure: [{ en: 'A journey across wild country', sw: 'Safari katika nchi pori' }, { en: 'A map, a promise and a river that never ends', sw: 'Ramani, ahadi na mto usio na mwisho' }],
  Comedy: [{ en: 'Laugh until your stomach hurts', sw: 'Cheka hadi tumbo liume' }, { en: 'Nothing goes to plan, and that is the fun', sw: 'Hakuna kinachoenda kama kilivyopangwa, na huo ndio utamu' }],
  Crime: [{ en: 'A plan that is too perfect', sw: 'Mpango ulio kamili kupita kiasi' }, { en: 'The police are close and the money is closer', sw: 'Polisi wako karibu na pesa iko karibu zaidi' }],
  Drama: [{ en: 'A family tested by hard times', sw: 'Familia inayojaribiwa na nyakati ngumu' }, { en: 'Pride, love and a secret that breaks a home', sw: 'Kiburi, mapenzi na siri inayovunja nyumba' }],
  Fantasy: [{ en: 'Ancient powers wake up', sw: 'Nguvu za kale zinaamka' }, { en: 'A chosen one who never wanted the job', sw: 'Mteule ambaye hakuwahi kutaka kazi hiyo' }],
  Horror: [{ en: 'Do not watch this alone', sw: 'Usitazame hii peke yako' }, { en: 'Something lives in the dark of the old house', sw: 'Kuna kitu kinachoishi gizani katika nyumba ya zamani' }],
  'Kung Fu': [{ en: 'The master returns for revenge', sw: 'Bwana mkubwa anarudi kulipiza kisasi' }, { en: 'Kung fu that shakes the temple walls', sw: 'Kung fu inayotikisa kuta za hekalu' }],
  Romance: [{ en: 'Two hearts, one impossible love', sw: 'Mioyo miwili, penzi lisilowezekana' }, { en: 'A chance meeting that changes everything', sw: 'Mkutano wa bahati unaobadilisha kila kitu' }],
  'Sci-Fi': [{ en: 'The future arrives too early', sw: 'Kesho imefika mapema mno' }, { en: 'Machines, stars and one last hope', sw: 'Mashine, nyota na tumaini la mwisho' }],
  Thriller: [{ en: 'Trust nobody until the end', sw: 'Usimwamini mtu yeyote hadi mwisho' }, { en: 'A race against the clock', sw: 'Mbio dhidi ya saa' }],
  'How-To': [{ en: 'Step by step, in simple Swahili and English', sw: 'Hatua kwa hatua, kwa Kiswahili na Kiingereza rahisi' }, { en: 'Learn it today, earn from it tomorrow', sw: 'Jifunze leo, upate pesa kesho' }],
};

export function synopsisFor(title: string, genre: GenreName, dj: string, pick: number): string {
  const hooks = HOOKS[genre];
  const hook = hooks[pick % hooks.length]!.en;
  if (genre === 'How-To') return `${hook}. ${title}, explained clearly with the tools you already have, voiced by DJ ${dj}.`;
  return `${hook}. ${title} is told in DJ ${dj}\u2019s famous voice-over, mixing Sheng, Swahili and English so the whole family follows every twist.`;
}

export function synopsisSwFor(title: string, genre: GenreName, dj: string, pick: number): string {
  const hooks = HOOKS[genre];
  const hook = hooks[pick % hooks.length]!.sw;
  if (genre === 'How-To') return `${hook}. ${title}, imeelezwa wazi kwa vifaa ulivyo navyo tayari, kwa sauti ya DJ ${dj}.`;
  return `${hook}. ${title} inasimuliwa kwa sauti maarufu ya DJ ${dj}, ikichanganya Sheng, Kiswahili na Kiingereza ili familia nzima ifuate kila kisa.`;
}

export const DEMO_PEOPLE = [
  {
    role: 'ceo' as const,
    fullName: 'Wanjiku Mwangi',
    title: 'Founder & CEO',
    titleSw: 'Mwanzilishi na Mkurugenzi Mkuu',
    message: 'We started this store so that every Kenyan phone can carry a great film, paid for in a tap and cheap on data.',
    messageSw: 'Tulianzisha duka hili ili kila simu ya Kenya ibebe filamu nzuri, inayolipiwa kwa mguso mmoja na nafuu kwa data.',
  },
  { role: 'team' as const, fullName: 'Otieno Ochieng', title: 'Head of Content', titleSw: 'Mkuu wa Maudhui', message: 'I pick the films and work with our DJs on every voice-over.', messageSw: 'Ninachagua filamu na kufanya kazi na DJ wetu kwenye kila sauti.' },
  { role: 'team' as const, fullName: 'Achieng Atieno', title: 'Customer Care', titleSw: 'Huduma kwa Wateja', message: 'Call or WhatsApp us any day: we answer in Swahili or English.', messageSw: 'Tupigie au utuandikie WhatsApp siku yoyote: tunajibu kwa Kiswahili au Kiingereza.' },
  { role: 'team' as const, fullName: 'Kipchoge Rotich', title: 'Engineering', titleSw: 'Uhandisi', message: 'I keep the store fast on slow networks and your payments safe.', messageSw: 'Ninaweka duka likiwa la kasi kwenye mitandao ya polepole, na malipo yako salama.' },
  { role: 'team' as const, fullName: 'Mutua Musyoka', title: 'Payments', titleSw: 'Malipo', message: 'Every shilling you deposit with M-Pesa is accounted for.', messageSw: 'Kila shilingi unayoweka kwa M-Pesa inahesabiwa.' },
];

export const DEMO_NOTIFICATIONS = [
  { message: 'Welcome! Top up with M-Pesa and buy any video from Ksh 30.', messageSw: 'Karibu! Weka pesa kwa M-Pesa na ununue video yoyote kuanzia Ksh 30.' },
  { message: 'New this week: season 3 of Empire of Swords, voiced by DJ Zamu.', messageSw: 'Mpya wiki hii: msimu wa 3 wa Empire of Swords, kwa sauti ya DJ Zamu.' },
  { message: 'Save data: choose the Data Saver quality in the player for about 60 MB an hour.', messageSw: 'Okoa data: chagua ubora wa Kiokoa data kwenye kicheza video, takriban MB 60 kwa saa.' },
  { message: 'Downloads keep working offline once you own a video.', messageSw: 'Ukishamiliki video, nakala uliyopakua inafanya kazi hata bila mtandao.' },
  { message: 'Customer care is open every day from 8 am to 8 pm.', messageSw: 'Huduma kwa wateja iko wazi kila siku kuanzia saa mbili asubuhi hadi saa mbili usiku.' },
];
