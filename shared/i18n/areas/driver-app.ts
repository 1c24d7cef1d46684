/** The driver-app API's answers (functions/driverapp). */
import { area } from '../area.ts';

export const driverApp = area(
  {
    driverApp: {
      server: {
        balanceTooLow: 'The available balance does not cover this session; top up first',
        alreadyCharging: 'You are already charging on this connector',
        noCompany: 'This app belongs to no known company',
        badCredentialsLeft: 'E-mail or password is wrong; {{left}} attempts left before sign-in is locked',
        lockedFailures: 'Too many failed sign-ins: sign-in is locked; try again in {{minutes}} minutes',
        requestIdReused:
          'This top-up request was already made with another amount or card; start a new top-up',
        locked: 'Your account is locked; please contact the operator',
        noConnector: 'This charger has no such connector',
        noTag: 'Your account has no charging tag yet; please contact the operator',
        noSession: 'You have no session on this connector',
      },
      validation: {
        wholeCents: 'Cards are charged in whole cents: at most two decimals',
      },
    },
  },
  {
    'zh-CN': {
      driverApp: {
        server: {
          balanceTooLow: '可用余额不足以支付本次充电，请先充值',
          alreadyCharging: '您已在此充电枪上充电',
          noCompany: '该 App 不属于任何已知公司',
          badCredentialsLeft: '邮箱或密码错误，还可尝试 {{left}} 次，之后将锁定登录',
          lockedFailures: '登录失败次数过多，登录已被锁定，请 {{minutes}} 分钟后重试',
          requestIdReused: '此充值请求已使用其他金额或银行卡提交，请重新发起充值',
          locked: '您的账户已被锁定，请联系运营商',
          noConnector: '该充电桩没有此充电枪',
          noTag: '您的账户尚无充电标签，请联系运营商',
          noSession: '您在此充电枪上没有进行中的充电',
        },
        validation: {
          wholeCents: '银行卡按整分扣款：最多两位小数',
        },
      },
    },
    'zh-TW': {
      driverApp: {
        server: {
          balanceTooLow: '可用餘額不足以支付本次充電，請先儲值',
          alreadyCharging: '您已在此充電槍上充電',
          noCompany: '該 App 不屬於任何已知公司',
          badCredentialsLeft: '電子郵件或密碼錯誤，還可嘗試 {{left}} 次，之後將鎖定登入',
          lockedFailures: '登入失敗次數過多，登入已被鎖定，請於 {{minutes}} 分鐘後再試',
          requestIdReused: '此儲值請求已使用其他金額或信用卡送出，請重新發起儲值',
          locked: '您的帳戶已被鎖定，請聯絡營運商',
          noConnector: '該充電樁沒有此充電槍',
          noTag: '您的帳戶尚無充電標籤，請聯絡營運商',
          noSession: '您在此充電槍上沒有進行中的充電',
        },
        validation: {
          wholeCents: '信用卡按整分扣款：最多兩位小數',
        },
      },
    },
    de: {
      driverApp: {
        server: {
          balanceTooLow: 'Das verfügbare Guthaben deckt diesen Ladevorgang nicht; bitte zuerst aufladen',
          alreadyCharging: 'Sie laden bereits an diesem Anschluss',
          noCompany: 'Diese App gehört zu keinem bekannten Unternehmen',
          badCredentialsLeft:
            'E-Mail oder Passwort ist falsch; noch {{left}} Versuche, bevor die Anmeldung gesperrt wird',
          lockedFailures:
            'Zu viele fehlgeschlagene Anmeldungen: Die Anmeldung ist gesperrt; versuchen Sie es in {{minutes}} Minuten erneut',
          requestIdReused:
            'Diese Aufladung wurde bereits mit einem anderen Betrag oder einer anderen Karte angefragt; bitte starten Sie eine neue Aufladung',
          locked: 'Ihr Konto ist gesperrt; bitte wenden Sie sich an den Betreiber',
          noConnector: 'Dieser Ladepunkt hat keinen solchen Anschluss',
          noTag: 'Ihr Konto hat noch kein Lade-Tag; bitte wenden Sie sich an den Betreiber',
          noSession: 'Sie haben an diesem Anschluss keinen Ladevorgang',
        },
        validation: {
          wholeCents: 'Karten werden in ganzen Cent belastet: höchstens zwei Nachkommastellen',
        },
      },
    },
    th: {
      driverApp: {
        server: {
          balanceTooLow: 'ยอดเงินที่ใช้ได้ไม่พอสำหรับการชาร์จครั้งนี้ กรุณาเติมเงินก่อน',
          alreadyCharging: 'คุณกำลังชาร์จที่หัวชาร์จนี้อยู่แล้ว',
          noCompany: 'แอปนี้ไม่ได้เป็นของบริษัทใดที่รู้จัก',
          badCredentialsLeft: 'อีเมลหรือรหัสผ่านไม่ถูกต้อง เหลืออีก {{left}} ครั้งก่อนการเข้าสู่ระบบจะถูกล็อก',
          lockedFailures: 'เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป การเข้าสู่ระบบถูกล็อก กรุณาลองใหม่ใน {{minutes}} นาที',
          requestIdReused: 'คำขอเติมเงินนี้ถูกส่งไปแล้วด้วยจำนวนเงินหรือบัตรอื่น กรุณาเริ่มการเติมเงินใหม่',
          locked: 'บัญชีของคุณถูกล็อก กรุณาติดต่อผู้ให้บริการ',
          noConnector: 'เครื่องชาร์จนี้ไม่มีหัวชาร์จดังกล่าว',
          noTag: 'บัญชีของคุณยังไม่มีแท็กชาร์จ กรุณาติดต่อผู้ให้บริการ',
          noSession: 'คุณไม่มีการชาร์จที่หัวชาร์จนี้',
        },
        validation: {
          wholeCents: 'บัตรถูกเรียกเก็บเป็นหน่วยเซ็นต์เต็ม: ทศนิยมไม่เกินสองตำแหน่ง',
        },
      },
    },
  },
);
